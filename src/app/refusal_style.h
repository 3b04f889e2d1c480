#pragma once
// How Studio shows a refusal: its words in red, the refused field tinted. One owner for the
// colours of the dialogs' and panels' refusals. (The inline red of a failing rating or a
// singular pose in the sizing, summary and kinematics views' rich text is the same colour,
// still written there.)

namespace armdyn::app {

inline constexpr char kRefusalColour[] = "#b00020";
inline constexpr char kRefusalTextStyle[] = "color:#b00020";            // a label saying why
inline constexpr char kRefusedFieldStyle[] = "background:#ffe4e4";      // the field refused
inline constexpr char kRefusedLineEditStyle[] = "QLineEdit { background:#ffe4e4 }";  // inside a table
inline constexpr char kRefusedComboStyle[] = "QComboBox { background:#ffe4e4 }";

}  // namespace armdyn::app
