#include "compare/compare_table.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QHBoxLayout>

#include "compare/compare_figures.h"

namespace inflight::ui {

namespace {
QString run_label(const char* which, const SnapshotPtr& s) {
    if (!s) return QString::fromUtf8(which);
    return QStringLiteral("%1 · %2").arg(QString::fromUtf8(which), QString::fromUtf8(to_string(s->result.scenario.algorithm)));
}
}  // namespace

CompareTable::CompareTable(QWidget* parent) : QWidget(parent) {
    const std::vector<CompareFigure> names = run_figures(Summary{});
    table_ = new QTableWidget(3, 1 + static_cast<int>(names.size()), this);
    QStringList header{tr("Run")};
    for (const CompareFigure& f : names) header << f.name;
    table_->setHorizontalHeaderLabels(header);
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setFocusPolicy(Qt::NoFocus);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table_->setToolTip(tr("A is the pinned run (drawn faded and dashed on every panel), B the current one. "
                          "Throughput, utilisation and mean RTT are over the steady state (the second half); "
                          "drops and congestion events count the whole run."));
    differences_ = new QLabel(this);
    differences_->setWordWrap(true);
    differences_->setTextFormat(Qt::RichText);
    differences_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Exactly the header and three rows, each a line of text: the dock
    // takes no more height from the panels than it needs.
    const int row_height = table_->fontMetrics().height() + 6;
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(row_height);
    table_->horizontalHeader()->setFixedHeight(row_height);
    table_->setFixedHeight(4 * row_height + 2 * table_->frameWidth());

    // What differs beside the table, not under it: one row less of the
    // panels' height.
    differences_->setFixedWidth(260);
    differences_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(8);
    layout->addWidget(table_, 1);
    layout->addWidget(differences_);
    clear();
}

void CompareTable::setCell(int row, int column, const QString& text) {
    QTableWidgetItem* item = table_->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        item->setTextAlignment(column == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter);
        table_->setItem(row, column, item);
    }
    item->setText(text);
    if (row == RowRatio) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
    }
}

void CompareTable::clear() {
    setCell(RowA, 0, tr("A (pinned)"));
    setCell(RowB, 0, tr("B (now)"));
    setCell(RowRatio, 0, tr("B / A"));
    for (int c = 1; c < table_->columnCount(); ++c)
        for (int r : {RowA, RowB, RowRatio}) setCell(r, c, QString());
    const QString hint = tr("Pin a run as the ghost (Compare ▸ Pin as ghost, Ctrl+G), then change anything.");
    setDifferences(hint, hint.toHtmlEscaped());
}

void CompareTable::setRuns(const SnapshotPtr& a, const SnapshotPtr& b) {
    if (!a) {
        clear();
        return;
    }
    const bool have_b = b && b->done;
    const std::vector<CompareFigure> figs =
        compare_figures(a->result.summary, have_b ? b->result.summary : a->result.summary);
    setCell(RowA, 0, run_label("A (pinned)", a));
    setCell(RowB, 0, run_label("B (now)", b));
    setCell(RowRatio, 0, tr("B / A"));
    for (std::size_t i = 0; i < figs.size(); ++i) {
        const int c = 1 + static_cast<int>(i);
        setCell(RowA, c, figure_text(figs[i].kind, figs[i].a));
        setCell(RowB, c, have_b ? figure_text(figs[i].kind, figs[i].b) : QStringLiteral("…"));
        setCell(RowRatio, c, have_b ? ratio_text(figs[i].a, figs[i].b) : QString());
    }
    if (!b) {
        setDifferences(QString(), QString());
        return;
    }
    const QStringList diff = scenario_differences(a->result.scenario, b->result.scenario);
    if (diff.isEmpty()) {
        setDifferences(tr("Same scenario in A and B."), tr("Same scenario in A and B."));
        return;
    }
    QStringList escaped;
    for (const QString& d : diff) escaped << d.toHtmlEscaped();
    setDifferences(tr("What differs (A → B): %1").arg(diff.join(QStringLiteral(" · "))),
                   tr("<b>What differs</b> (A → B):<br>%1").arg(escaped.join(QStringLiteral("<br>"))));
}

QString CompareTable::cellText(Row row, int column) const {
    const QTableWidgetItem* item = table_->item(row, column);
    return item ? item->text() : QString();
}

int CompareTable::figureCount() const { return table_->columnCount() - 1; }

QString CompareTable::differencesText() const { return differences_text_; }

void CompareTable::setDifferences(const QString& plain, const QString& html) {
    differences_text_ = plain;
    differences_->setText(html);
}

}  // namespace inflight::ui
