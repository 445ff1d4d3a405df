// The A/B table: rows A (the pinned run), B (the current run) and B / A,
// one column per figure (compare_figures.h), and beside it what differs
// between the two scenarios. Compact and wide, for a dock under the panels.
// With a kernel run a second table beside it:
// one row per figure, the model's and the kernel's columns and kernel /
// model, a kernel figure the run could not give shown "—" with the reason as
// its tooltip; what differs between the model and the kernel, in words,
// under the A/B differences.
// Several flows: a second table beside the aggregate one, a row
// group per flow (throughput, share, mean RTT; FCTs and ping RTTs where
// present) with columns A, B and B − A. When A and B have different flow
// counts, one line says so and only the aggregate is compared.
//
// A dock too low for the tables' rows (the presentation look at 1280×720,
// where the charts keep their minimum heights) shows a summary in their
// place — the throughput of A and B and B / A, each flow's A → B, what
// differs — in up to two lines, as many as the window shows (the last one
// elided), with every cell in its tooltip; the tables come back when
// there is room. With a kernel run the same: the model's and the kernel's
// throughput, then what differs between them (1280×720 with a guide open
// leaves two lines under the panels, not the kernel table's rows).
#pragma once

#include <QWidget>

#include "ui/session/kernel_worker.h"
#include "ui/session/run_snapshot.h"

class QLabel;
class QScrollArea;
class QTableWidget;

namespace inflight::ui {

class TextStrip;

class CompareTable : public QWidget {
    Q_OBJECT
public:
    enum Row { RowA = 0, RowB = 1, RowRatio = 2 };

    explicit CompareTable(QWidget* parent = nullptr);

    enum KernelColumn { KernelFigure = 0, KernelModel = 1, KernelMeasured = 2, KernelRatio = 3 };

    // A is a finished run; B may be null or still streaming ("…").
    void setRuns(const SnapshotPtr& a, const SnapshotPtr& b);
    void clear();
    // The kernel run (streaming or done) against the model's finished run
    // (null: "…"); a null kernel hides the model-vs-kernel table.
    void setKernel(const SnapshotPtr& model, const KernelSnapshotPtr& kernel);
    bool hasKernel() const { return kernel_ != nullptr; }

    // For tests and exports: a cell's text (column 0 names the run), the
    // differences line.
    QString cellText(Row row, int column) const;
    int figureCount() const;
    QString differencesText() const;
    QTableWidget* table() const { return table_; }
    // The model-vs-kernel table: row = figure (kernel_figures' order).
    QString kernelCellText(int figure, KernelColumn column) const;
    QString kernelCellToolTip(int figure, KernelColumn column) const;
    int kernelFigureCount() const;
    QTableWidget* kernelTable() const { return kernel_table_; }
    // The per-flow table (hidden unless both runs have the same number of
    // flows, two or more): one row per figure, flows in groups.
    enum FlowColumn { FlowName = 0, FlowFigure = 1, FlowA = 2, FlowB = 3, FlowDelta = 4 };
    QTableWidget* flowTable() const { return flow_table_; }
    int flowRowCount() const;
    QString flowCellText(int row, FlowColumn column) const;
    // "A has 2 flows, B has 3: …", or empty.
    QString flowNoteText() const { return flow_note_; }
    // What differs between the model and the kernel (plain, one line).
    QString kernelDifferencesText() const { return kernel_text_; }
    // The summary shown instead of the tables in a low dock, or empty.
    bool squeezed() const;
    // The least height in which the table says its runs: the summary's lines.
    int leastShownPx() const;
    QString summaryText() const;
    // The summary's tooltip (rich text): the tables' rows, then what
    // differs in words.
    QString summaryToolTip() const;

    // As low as leastShownPx() (then the summary line stands in for the
    // tables): a dock under the panels may give it that little.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void setCell(int row, int column, const QString& text);
    void setKernelCell(int row, int column, const QString& text, const QString& tip = {});
    void setDifferences(const QString& plain, const QString& html);
    void showDifferences();
    void setFlows(const SnapshotPtr& a, const SnapshotPtr& b);
    void updateSummary();
    int tablesNeedPx() const;
    void fitRoom();

    QWidget* tables_;
    TextStrip* summary_;
    QTableWidget* table_;
    QTableWidget* kernel_table_;
    QTableWidget* flow_table_;
    QString flow_note_;
    QScrollArea* differences_scroll_;
    QLabel* differences_;
    QString differences_text_;  // plain, for tests and copies
    QString ab_html_;           // the A/B part of the label
    QString kernel_text_, kernel_html_;
    KernelSnapshotPtr kernel_;
    bool ab_shown_ = false;     // setRuns had an A
};

}  // namespace inflight::ui
