#pragma once
// How Studio shows a refusal: its words in red, the refused field tinted; and its opposite, a
// check that passes, in green. One owner for these colours: the dialogs' and panels' refusals,
// and the inline red of a failing rating, a singular pose or a grown peak (sizing, summary,
// kinematics and parameters views' rich text and table cells) with its green counterpart.

#include <QLatin1String>
#include <QString>

namespace armdyn::app {

inline constexpr char kRefusalColour[] = "#b00020";
inline constexpr char kPassColour[] = "#1b7a1b";                        // a rating passes, a peak shrank
inline constexpr char kRefusalTextStyle[] = "color:#b00020";            // a label saying why
inline constexpr char kRefusedFieldStyle[] = "background:#ffe4e4";      // the field refused
inline constexpr char kRefusedLineEditStyle[] = "QLineEdit { background:#ffe4e4 }";  // inside a table
inline constexpr char kRefusedComboStyle[] = "QComboBox { background:#ffe4e4 }";

// Rich text in the refusal's red or the pass's green (the text is inserted as given: escape it
// first if it comes from a user or a file).
inline QString redHtml(const QString& html) {
  return QStringLiteral("<span style='color:%1'>%2</span>").arg(QLatin1String(kRefusalColour), html);
}
inline QString greenHtml(const QString& html) {
  return QStringLiteral("<span style='color:%1'>%2</span>").arg(QLatin1String(kPassColour), html);
}

}  // namespace armdyn::app
