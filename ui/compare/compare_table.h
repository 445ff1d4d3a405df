// The A/B table: rows A (the pinned run), B (the current run) and B / A,
// one column per figure (compare_figures.h), and beside it what differs
// between the two scenarios. Compact and wide, for a dock under the panels.
#pragma once

#include <QWidget>

#include "session/run_snapshot.h"

class QLabel;
class QTableWidget;

namespace inflight::ui {

class CompareTable : public QWidget {
    Q_OBJECT
public:
    enum Row { RowA = 0, RowB = 1, RowRatio = 2 };

    explicit CompareTable(QWidget* parent = nullptr);

    // A is a finished run; B may be null or still streaming ("…").
    void setRuns(const SnapshotPtr& a, const SnapshotPtr& b);
    void clear();

    // For tests and exports: a cell's text (column 0 names the run), the
    // differences line.
    QString cellText(Row row, int column) const;
    int figureCount() const;
    QString differencesText() const;
    QTableWidget* table() const { return table_; }

private:
    void setCell(int row, int column, const QString& text);
    void setDifferences(const QString& plain, const QString& html);

    QTableWidget* table_;
    QLabel* differences_;
    QString differences_text_;  // plain, for tests and copies
};

}  // namespace inflight::ui
