#pragma once
// Toolbar icons drawn at run time: Vora's MAIN menu item number on a coloured disc, so the
// toolbar reads like his numbered menu (no image files); the application icon is
// ui/icons/armdyn.svg.

#include <QColor>
#include <QIcon>
#include <QString>

namespace armdyn::app {

QIcon menuIcon(const QString& label, const QColor& colour);
inline QIcon menuNumberIcon(int number, const QColor& colour) { return menuIcon(QString::number(number), colour); }
QIcon applicationIcon();

}  // namespace armdyn::app
