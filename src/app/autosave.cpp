#include "autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <algorithm>
#include <atomic>
#include <cstdio>

namespace armdyn::app {
namespace {

const QString kPrefix = QStringLiteral("session-");
const QString kControllerSuffix = QStringLiteral(".controller.yaml");

// A lock judged only by its owner: alive (same pid, same executable) or not. The default stale
// time (30 s) would let a second copy take the lock of a copy running for longer.
std::unique_ptr<QLockFile> lockFor(const QString& base) {
  auto lock = std::make_unique<QLockFile>(base + ".lock");
  lock->setStaleLockTime(0);
  return lock;
}

void removeSessionFiles(const QString& sessionPath) {
  QFile::remove(sessionPath);
  QFile::remove(controllerPathFor(sessionPath));
}

}  // namespace

AutosaveRecovery::AutosaveRecovery(const QString& directory) {
  const QDir dir(directory.isEmpty() ? Autosave::directory() : directory);
  // Session files (not their controller files) whose lock can be taken: their copy is gone.
  const QStringList sessions = dir.entryList({kPrefix + "*.yaml"}, QDir::Files);
  for (const QString& name : sessions) {
    if (name.endsWith(kControllerSuffix)) continue;
    const QString path = dir.filePath(name);
    const QString base = path.chopped(5);  // ".yaml"
    std::unique_ptr<QLockFile> lock = lockFor(base);
    if (!lock->tryLock(0)) continue;  // a running copy's file (or one another copy is offering)
    if (!QFileInfo::exists(path)) continue;  // its copy finished cleanly meanwhile
    try {
      StudioSession s = loadStudioSession(path);
      s.robotFile.clear();
      s.taskFile.clear();
      entries_.push_back({path, std::move(s), QFileInfo(path).lastModified()});
      locks_.push_back(std::move(lock));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "armdyn-studio: cannot read autosave %s: %s\n", qPrintable(path), e.what());
    }
  }
  // Locks of dead copies that never wrote a session: nothing to offer, remove them.
  for (const QString& name : dir.entryList({kPrefix + "*.lock"}, QDir::Files)) {
    const QString base = dir.filePath(name).chopped(5);  // ".lock"
    if (QFileInfo::exists(base + ".yaml")) continue;
    std::unique_ptr<QLockFile> lock = lockFor(base);
    if (lock->tryLock(0)) lock->unlock();
  }
  // Newest first, keeping the locks with their entries.
  std::vector<int> order(entries_.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
  std::stable_sort(order.begin(), order.end(),
                   [this](int a, int b) { return entries_[a].saved > entries_[b].saved; });
  std::vector<Entry> entries;
  std::vector<std::unique_ptr<QLockFile>> locks;
  for (int k : order) {
    entries.push_back(std::move(entries_[k]));
    locks.push_back(std::move(locks_[k]));
  }
  entries_ = std::move(entries);
  locks_ = std::move(locks);
}

AutosaveRecovery::~AutosaveRecovery() = default;  // QLockFile unlocks on destruction

void AutosaveRecovery::discard(int k) {
  if (k < 0 || k >= static_cast<int>(entries_.size()) || !locks_[k]) return;
  removeSessionFiles(entries_[k].path);
  locks_[k].reset();  // the lock file goes last: no one sees a session without its lock
}

Autosave::Autosave(QObject* parent) : QObject(parent) {
  static std::atomic<int> instances{0};
  base_ = QStringLiteral("%1/%2%3-%4")
              .arg(directory(), kPrefix)
              .arg(QCoreApplication::applicationPid())
              .arg(instances++);
  timer_.setSingleShot(true);
  timer_.setInterval(3000);
  connect(&timer_, &QTimer::timeout, this, &Autosave::writeNow);
}

Autosave::~Autosave() = default;

QString Autosave::directory() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
}

QString Autosave::sessionPath() const { return base_ + ".yaml"; }

std::optional<StudioSession> Autosave::recoverable() {
  offered_ = std::make_unique<AutosaveRecovery>(directory());
  if (offered_->isEmpty()) return std::nullopt;
  return offered_->entries().front().session;
}

void Autosave::begin() {
  if (lock_) return;
  QDir().mkpath(directory());
  std::unique_ptr<QLockFile> lock = lockFor(base_);
  if (!lock->tryLock(0)) {
    std::fprintf(stderr, "armdyn-studio: cannot lock %s: autosave is off\n", qPrintable(base_ + ".lock"));
    return;
  }
  lock_ = std::move(lock);
  // A restored session is safe in this copy's file before the crashed copy's file goes.
  if (pending_) writeNow();
  if (offered_) {
    offered_->discard(0);
    offered_.reset();
  }
}

void Autosave::schedule(const StudioSession& session) {
  pending_ = session;
  if (lock_) timer_.start();
}

void Autosave::writeNow() {
  if (!lock_ || !pending_) return;
  try {
    saveStudioSession(*pending_, sessionPath());
  } catch (const std::exception& e) {
    // A controller that cannot be written must not cost the robot and the task.
    try {
      Session withoutController = *pending_;
      withoutController.controllerGiven = false;
      withoutController.mode = RunMode::PrescribedMotion;
      saveSession(withoutController, sessionPath().toStdString());
    } catch (const std::exception&) {
      std::fprintf(stderr, "armdyn-studio: autosave failed: %s\n", e.what());
    }
  }
  pending_.reset();
}

void Autosave::clear() {
  timer_.stop();
  pending_.reset();
  if (lock_) removeSessionFiles(sessionPath());
}

void Autosave::finish() {
  timer_.stop();
  pending_.reset();
  if (lock_) {
    removeSessionFiles(sessionPath());
    lock_.reset();  // unlocks: the lock file goes after the session
  }
  if (offered_) {
    offered_->discard(0);
    offered_.reset();
  }
}

}  // namespace armdyn::app
