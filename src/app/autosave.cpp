#include "autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace armdyn::app {

Autosave::Autosave(QObject* parent) : QObject(parent) {
  timer_.setSingleShot(true);
  timer_.setInterval(3000);
  connect(&timer_, &QTimer::timeout, this, &Autosave::writeNow);
}

Autosave::~Autosave() = default;

QString Autosave::directory() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
}

QString Autosave::sessionPath() const { return directory() + "/session.yaml"; }

QString Autosave::markerPath() const { return directory() + "/running"; }

std::optional<Session> Autosave::recoverable() const {
  if (!QFile::exists(markerPath()) || !QFile::exists(sessionPath())) return std::nullopt;
  try {
    Session s = loadSession(sessionPath().toStdString());
    s.robotFile.clear();
    s.taskFile.clear();
    return s;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void Autosave::begin() {
  QDir().mkpath(directory());
  QFile marker(markerPath());
  if (marker.open(QIODevice::WriteOnly)) marker.write(QByteArray::number(QCoreApplication::applicationPid()));
}

void Autosave::schedule(const Session& session) {
  pending_ = session;
  timer_.start();
}

void Autosave::writeNow() {
  if (!pending_) return;
  QDir().mkpath(directory());
  QSaveFile file(sessionPath());
  if (file.open(QIODevice::WriteOnly)) {
    file.write(QByteArray::fromStdString(sessionToYaml(*pending_)));
    file.commit();
  }
  pending_.reset();
}

void Autosave::finish() {
  timer_.stop();
  pending_.reset();
  QFile::remove(sessionPath());
  QFile::remove(markerPath());
}

}  // namespace armdyn::app
