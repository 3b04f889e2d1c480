#pragma once
// How Studio shows a refusal: its words in red, the refused field tinted. One owner for the
// colours of every dialog and panel (rich text that colours a word inline, a failing rating or
// a singular pose, writes the same red as kRefusalColour).

namespace armdyn::app {

inline constexpr char kRefusalColour[] = "#b00020";
inline constexpr char kRefusalTextStyle[] = "color:#b00020";            // a label saying why
inline constexpr char kRefusedFieldStyle[] = "background:#ffe4e4";      // the field refused
inline constexpr char kRefusedLineEditStyle[] = "QLineEdit { background:#ffe4e4 }";  // inside a table
inline constexpr char kRefusedComboStyle[] = "QComboBox { background:#ffe4e4 }";

}  // namespace armdyn::app
