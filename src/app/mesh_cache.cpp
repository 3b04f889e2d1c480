#include "mesh_cache.h"

#include "io/mesh_path.h"

#include <QMetaObject>
#include <osgDB/FileNameUtils>
#include <osgDB/ReadFile>
#include <osgDB/Registry>
#include <osgUtil/Optimizer>
#include <osgUtil/Simplifier>
#include <osg/Geometry>
#include <osg/NodeVisitor>

#include <filesystem>

namespace armdyn::app {

namespace fs = std::filesystem;

namespace {

// Size and modification time of a regular file; false when it is none.
bool stamp(const std::string& file, std::uintmax_t& size, long long& modified) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || ec) return false;
  size = fs::file_size(file, ec);
  if (ec) return false;
  const auto t = fs::last_write_time(file, ec);
  modified = ec ? 0 : static_cast<long long>(t.time_since_epoch().count());
  return true;
}

constexpr long kTriangleBudget = 6000;

long countTriangles(osg::Node& node) {
  struct Count : osg::NodeVisitor {
    Count() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
    void apply(osg::Geometry& g) override {
      for (unsigned i = 0; i < g.getNumPrimitiveSets(); ++i) {
        const osg::PrimitiveSet* p = g.getPrimitiveSet(i);
        if (p->getMode() == osg::PrimitiveSet::TRIANGLES) triangles += p->getNumIndices() / 3;
        else if (p->getMode() == osg::PrimitiveSet::TRIANGLE_STRIP || p->getMode() == osg::PrimitiveSet::TRIANGLE_FAN)
          triangles += std::max(0, static_cast<int>(p->getNumIndices()) - 2);
      }
    }
    long triangles = 0;
  } count;
  node.accept(count);
  return count.triangles;
}

}  // namespace

MeshCache::MeshCache(QObject* parent) : QObject(parent), worker_([this] { run(); }) {}

MeshCache::~MeshCache() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  worker_.join();
}

void MeshCache::request(const std::vector<std::string>& files) {
  bool queued = false;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const std::string& f : files) {
      std::uintmax_t size = 0;
      long long modified = 0;
      const bool exists = stamp(f, size, modified);
      Entry& e = entries_[f];
      e.used = ++clock_;
      if (e.state == State::Loading) continue;
      if (e.state != State::Unknown && exists && e.size == size && e.modified == modified) continue;
      if (e.state == State::Failed && !exists) continue;
      e = Entry{State::Loading, nullptr, "", size, modified, clock_};
      queue_.push_back(f);
      queued = true;
    }
    // Bounded: past kMaxEntries files the least recently asked for go (never one loading or one
    // of this request; a mesh still drawn is kept alive by the scene's own reference).
    while (entries_.size() > kMaxEntries) {
      auto oldest = entries_.end();
      for (auto it = entries_.begin(); it != entries_.end(); ++it)
        if (it->second.state != State::Loading && it->second.used + files.size() <= clock_ &&
            (oldest == entries_.end() || it->second.used < oldest->second.used))
          oldest = it;
      if (oldest == entries_.end()) break;
      entries_.erase(oldest);
    }
  }
  if (queued) wake_.notify_one();
}

MeshCache::State MeshCache::state(const std::string& file) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(file);
  return it == entries_.end() ? State::Unknown : it->second.state;
}

osg::ref_ptr<osg::Node> MeshCache::node(const std::string& file) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(file);
  return it == entries_.end() || it->second.state != State::Loaded ? nullptr : it->second.node;
}

std::string MeshCache::failure(const std::string& file) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(file);
  return it == entries_.end() ? std::string() : it->second.failure;
}

bool MeshCache::busy() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return !queue_.empty() || reading_;
}

void MeshCache::run() {
  for (;;) {
    std::string file;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      file = queue_.front();
      queue_.pop_front();
      reading_ = true;
    }
    Entry e;
    e.state = State::Failed;
    try {
      load(file, e);
    } catch (const std::exception& x) {
      e = Entry{State::Failed, nullptr, std::string("could not be read (") + x.what() + ")", e.size, e.modified};
    } catch (...) {
      e = Entry{State::Failed, nullptr, "could not be read", e.size, e.modified};
    }
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      reading_ = false;
      if (stopping_) return;
      e.used = entries_[file].used;
      entries_[file] = std::move(e);
    }
    QMetaObject::invokeMethod(this, [this] { emit loaded(); }, Qt::QueuedConnection);
  }
}

// One file: its size checked before a plugin reads it; large meshes simplified.
void MeshCache::load(const std::string& file, Entry& e) {
  if (!stamp(file, e.size, e.modified)) {
    e.failure = "not a file";
    return;
  }
  if (e.size > kMaxMeshFileBytes) {
    e.failure = "larger than the " + std::to_string(kMaxMeshFileBytes / (1024 * 1024)) + " MB limit of mesh files (" +
                std::to_string(e.size / (1024 * 1024)) + " MB)";
    return;
  }
  const std::string ext = osgDB::getLowerCaseFileExtension(file);
  if (!osgDB::Registry::instance()->getReaderWriterForExtension(ext)) {
    e.failure = "no reader for ." + ext + " files (STL, OBJ, DAE, 3DS, PLY are read)";
    return;
  }
  osg::ref_ptr<osg::Node> node = osgDB::readRefNodeFile(file);
  if (!node) {
    e.failure = "not a ." + ext + " mesh OpenSceneGraph can read";
    return;
  }
  // Fewer, larger geometries (COLLADA exports carry one per material and node): the frame time
  // depends on draw calls as much as on triangles.
  osgUtil::Optimizer().optimize(node.get(), osgUtil::Optimizer::DEFAULT_OPTIMIZATIONS | osgUtil::Optimizer::MERGE_GEOMETRY |
                                                osgUtil::Optimizer::VERTEX_PRETRANSFORM |
                                                osgUtil::Optimizer::VERTEX_POSTTRANSFORM);
  // A mesh over kTriangleBudget triangles is simplified to about that many, at most to a tenth
  // of its triangles (edge collapse, borders kept): a CAD export of 30k triangles per link looks
  // the same at the size a link is drawn, and six of them at full detail cost a software
  // renderer more than a frame (UR5, latency_bench: frame p95 16.4 ms at 12k, 12.4-14.0 at 6k).
  const long triangles = countTriangles(*node);
  if (triangles > kTriangleBudget) {
    osgUtil::Simplifier simplifier(std::max(0.1, static_cast<double>(kTriangleBudget) / triangles));
    simplifier.setSmoothing(true);
    node->accept(simplifier);
  }
  e.state = State::Loaded;
  e.node = node;
}

}  // namespace armdyn::app
