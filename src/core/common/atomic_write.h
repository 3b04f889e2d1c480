#pragma once
// Saves that are all or nothing (every file armdyn writes goes through this).

#include <string>
#include <utility>
#include <vector>

namespace armdyn {

// Write via a temporary file in the same directory, fsync and rename: all or nothing; the
// replaced file's permissions (and owner, where allowed) are kept, and temporary files left by
// killed writers are removed. Only a regular file is replaced: a FIFO, a character device or a
// /dev or /proc path (/dev/stdout) is written through; a directory, block device, socket,
// dangling symbolic link or read-only file is refused. On failure the temporary file is removed
// and an InputError names `path`.
void writeFileAtomic(const std::string& path, const std::string& content);

// A set of files (a report's PREFIX.json, .csv, .svg, .pdf), all or nothing: every target is
// checked and every temporary file written before the first is renamed over its target, so a
// target refused (a directory named PREFIX.pdf) leaves every other one as it was.
void writeFilesAtomic(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace armdyn
