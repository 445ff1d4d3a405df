#include "ui/compare/column_spread.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableWidget>
#include <algorithm>
#include <vector>

namespace inflight::ui {

namespace {

// Spreads the columns again when the viewport (the columns' room) is resized.
class Respread : public QObject {
public:
    explicit Respread(QTableWidget* t) : QObject(t), table_(t) {}

protected:
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Resize) spread_columns(table_);
        return false;
    }

private:
    QTableWidget* table_;
};

}  // namespace

void spread_columns(QTableWidget* t) {
    QHeaderView* h = t->horizontalHeader();
    const int n = t->columnCount();
    if (n == 0) return;
    const auto* view = static_cast<const QAbstractItemView*>(t);  // sizeHintForColumn is public here
    std::vector<int> need(static_cast<std::size_t>(n));
    int total = 0;
    for (int c = 0; c < n; ++c) {
        need[static_cast<std::size_t>(c)] = std::max(h->sectionSizeHint(c), view->sizeHintForColumn(c));
        total += need[static_cast<std::size_t>(c)];
    }
    const int room = t->viewport()->width();
    h->setSectionResizeMode(QHeaderView::Fixed);
    h->setStretchLastSection(false);
    int given = 0;
    for (int c = 0; c < n; ++c) {
        const int own = need[static_cast<std::size_t>(c)];
        // The share of the room beyond the needs, or of the shortfall, rounded so the columns fill it.
        const int width = c + 1 == n ? room - given
                          : room >= total ? own + (room - total) / n
                                          : static_cast<int>(static_cast<long long>(own) * room / total);
        h->resizeSection(c, std::max(width, h->minimumSectionSize()));
        given += h->sectionSize(c);
    }
}

void keep_columns_spread(QTableWidget* t) {
    t->viewport()->installEventFilter(new Respread(t));
    spread_columns(t);
}

}  // namespace inflight::ui
