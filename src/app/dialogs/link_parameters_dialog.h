#pragma once
// CHANGE menu item 1 (Vora fig 5.7): theta, d, alpha, a of every link (angles in degrees).

#include "dialogs/field_dialog.h"

#include <QStringList>

class QPushButton;

namespace armdyn::app {

class LinkParametersDialog : public FieldDialog {
  Q_OBJECT
 public:
  LinkParametersDialog(Document* document, QWidget* parent = nullptr);
  // Vora's bar (its length, and so the drawing and the mass) is data of its own, not derived
  // from a or d. A hollow-bar link whose DH length (|a|, or |d| of a revolute joint) is set and
  // matches no outer dimension of its bar gets a line saying so, with a button to the link
  // dimensions. Empty when every bar matches.
  QString barHint() const;
  QPushButton* openDimensionsButton() const { return openDimensions_; }
  // "The bar of link 2 (its length and mass) is set in Change link dimensions: ..." per link,
  // from the robot spec (bar outer dimensions) and the core's hollow-bar mass.
  static QStringList barMismatches(const RobotSpec& robot);

 Q_SIGNALS:
  void linkDimensionsRequested();

 private:
  void updateBarHint();
  QLabel* barHint_;
  QPushButton* openDimensions_;
};

}  // namespace armdyn::app
