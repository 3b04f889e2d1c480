#pragma once
// Reading an input file whole: robot, task, session and controller files, Vora's files, input
// profile CSV. Only a regular file of at most kMaxInputFileBytes is read (a FIFO would block, a
// device such as /dev/zero would never end); anything else is refused with an InputError naming
// the file.

#include <cstdint>
#include <string>

namespace armdyn {

constexpr std::uintmax_t kMaxInputFileBytes = 16u * 1024u * 1024u;  // 16 MB

std::string readTextFile(const std::string& path);

}  // namespace armdyn
