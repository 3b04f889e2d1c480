#pragma once
// The links' mesh files (model/link_visual.h) loaded off the GUI thread by OpenSceneGraph's
// plugins (STL, OBJ, DAE, 3DS, PLY): a 50 MB mesh set does not freeze the window. One worker
// thread loads the files asked for, in order; `loaded` is emitted on the GUI thread after each.
// Files are kept by name, size and modification time (a file changed on disk loads again). A
// file over io/mesh_path.h's kMaxMeshFileBytes, one no plugin reads, or one that is not a
// regular file fails with a reason in the user's words. At most kMaxEntries files are kept (the
// least recently asked for go first).

#include <QObject>
#include <osg/Node>
#include <osg/ref_ptr>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace armdyn::app {

class MeshCache : public QObject {
  Q_OBJECT
 public:
  enum class State { Unknown, Loading, Loaded, Failed };

  explicit MeshCache(QObject* parent = nullptr);
  ~MeshCache() override;  // stops the worker after the file it is reading
  MeshCache(const MeshCache&) = delete;
  MeshCache& operator=(const MeshCache&) = delete;

  // Queues the files not yet loaded or loading (a changed file again).
  void request(const std::vector<std::string>& files);
  State state(const std::string& file) const;
  osg::ref_ptr<osg::Node> node(const std::string& file) const;  // nullptr unless Loaded
  std::string failure(const std::string& file) const;           // why it Failed
  bool busy() const;                                             // files queued or loading

 signals:
  void loaded();

 private:
  struct Entry {
    State state = State::Unknown;
    osg::ref_ptr<osg::Node> node;
    std::string failure;
    std::uintmax_t size = 0;
    long long modified = 0;
    std::uint64_t used = 0;  // clock_ when last asked for
  };
  static constexpr std::size_t kMaxEntries = 256;
  void run();
  static void load(const std::string& file, Entry& e);  // on the worker: fills node or failure

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::string> queue_;
  std::map<std::string, Entry> entries_;
  std::uint64_t clock_ = 0;
  bool stopping_ = false;
  bool reading_ = false;
  std::thread worker_;
};

}  // namespace armdyn::app
