// The compare tables' column widths: each column as wide as its widest
// text (its header's included), and what the table has beyond that shared
// equally among them; a table narrower than its texts takes the same
// fraction of each column's need. Qt's Stretch mode gives every column the
// same width instead, so at 1280×720 with two flows "Cong. events" was cut
// at both ends in a 77 px column while "Drops" had 22 px to spare.
// spread_columns() sets them now; keep_columns_spread() again whenever the
// table's viewport changes size.
#pragma once

class QTableWidget;

namespace inflight::ui {

void spread_columns(QTableWidget* t);
void keep_columns_spread(QTableWidget* t);

}  // namespace inflight::ui
