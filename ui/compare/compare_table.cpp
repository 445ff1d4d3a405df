#include "ui/compare/compare_table.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>
#include <utility>
#include <cmath>

#include "ui/compare/column_spread.h"
#include "ui/compare/compare_figures.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/text_strip.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

// The run's TCP algorithms as its flows ran them, each once: "cubic",
// "cubic + bbr" (a scenario of flows keeps its own algorithm unused).
QString algorithms_words(const RunResult& r) {
    QStringList names;
    for (const FlowResult& f : r.flows) {
        if (f.flow.kind != FlowKind::Tcp) continue;
        const QString name = QString::fromUtf8(to_string(f.flow.algorithm));
        if (!names.contains(name)) names << name;
    }
    if (names.isEmpty()) names << QString::fromUtf8(to_string(r.scenario.algorithm));
    return names.join(QStringLiteral(" + "));
}
constexpr int kSummaryLines = 2;   // the summary in place of the tables in a low dock: its least lines
constexpr int kMostSummaryLines = 6;  // and its most, where the dock has the room
constexpr int kSummaryFlows = 2;   // flows the summary names (the rest are counted)
constexpr int kFlowRowsShown = 3;  // as high as the aggregate table: the dock stays as low as with one flow; the table scrolls

// What ran: the algorithm with one flow; with up to three, each flow's
// algorithm (or "ping") joined by " + "; with more, how many flows.
QString what_ran(const Scenario& sc) {
    if (sc.flows.size() <= 1) {
        const Algorithm a = sc.flows.empty() ? sc.algorithm : sc.flows[0].algorithm.value_or(sc.algorithm);
        return QString::fromUtf8(to_string(a));
    }
    if (sc.flows.size() > 3) return QStringLiteral("%1 flows").arg(sc.flows.size());
    QStringList names;
    for (const FlowSpec& f : sc.flows)
        names << (f.kind == FlowKind::Ping ? QStringLiteral("ping")
                                           : QString::fromUtf8(to_string(f.algorithm.value_or(sc.algorithm))));
    return names.join(QStringLiteral(" + "));
}

QString run_label(const char* which, const SnapshotPtr& s) {
    if (!s) return QString::fromUtf8(which);
    return QStringLiteral("%1 · %2").arg(QString::fromUtf8(which), what_ran(s->result.scenario));
}
// A read-only table of one line of text a row, exactly as high as its header
// and rows: the dock takes no more height from the panels than it needs.
QTableWidget* compact_table(int rows, const QStringList& header, QWidget* parent) {
    auto* t = new QTableWidget(rows, static_cast<int>(header.size()), parent);
    t->setHorizontalHeaderLabels(header);
    t->verticalHeader()->setVisible(false);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setFocusPolicy(Qt::NoFocus);
    t->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const int row_height = t->fontMetrics().height() + 6;
    t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    t->verticalHeader()->setDefaultSectionSize(row_height);
    t->horizontalHeader()->setFixedHeight(row_height);
    t->setFixedHeight((1 + rows) * row_height + 2 * t->frameWidth());
    return t;
}

}  // namespace

CompareTable::CompareTable(QWidget* parent) : QWidget(parent) {
    const std::vector<CompareFigure> names = run_figures(Summary{});
    QStringList header{tr("Run")};
    for (const CompareFigure& f : names) header << f.name;
    table_ = compact_table(3, header, this);
    keep_columns_spread(table_);
    table_->setToolTip(tr("A is the pinned run (drawn faded and dashed on every panel), B the current one. "
                          "Throughput, utilisation and mean RTT are over the steady state (the second half); "
                          "drops and congestion events count the whole run."));
    differences_ = new QLabel;
    differences_->setWordWrap(true);
    differences_->setTextFormat(Qt::RichText);
    differences_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Model vs kernel: one row per figure, the two runs in columns.
    const std::vector<CompareFigure> kfigs = kernel_figures(Summary{}, Summary{});
    kernel_table_ = compact_table(static_cast<int>(kfigs.size()),
                                  {QString(), tr("Model"), tr("Kernel"), tr("kernel / model")}, this);
    kernel_table_->setToolTip(tr("The same scenario in the model and on this computer's kernel. Throughput, "
                                 "utilisation and mean RTT are over each run's second half; drops and "
                                 "retransmissions count the whole run. — : the kernel could not give it "
                                 "(hover for why)."));
    for (std::size_t i = 0; i < kfigs.size(); ++i) setKernelCell(static_cast<int>(i), KernelFigure, kfigs[i].name);
    // Every cell whole: each column as wide as its widest text, and the
    // table as wide as its columns (the sentences beside it take the rest
    // of the row, not the table's room).
    kernel_table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    kernel_table_->horizontalHeader()->setStretchLastSection(false);
    kernel_table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    kernel_table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    kernel_table_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    kernel_table_->hide();

    // Per flow: a row group per flow, A and B and B − A in columns. Shows
    // kFlowRowsShown rows and scrolls past them (the dock stays low).
    flow_table_ = compact_table(kFlowRowsShown, {tr("Flow"), tr("Figure"), tr("A"), tr("B"), tr("B − A")}, this);
    flow_table_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    keep_columns_spread(flow_table_);
    flow_table_->setToolTip(tr("Flow i of A beside flow i of B: throughput, share and mean RTT over the steady state "
                               "(the second half); FCTs of finished transfers and ping RTTs where a flow has them. "
                               "B − A: shares in percentage points (pp)."));
    flow_table_->hide();

    // What differs beside the tables, not under them: one row less of the
    // panels' height; it scrolls when the kernel's sentences need more room.
    differences_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    differences_scroll_ = new QScrollArea(this);
    differences_scroll_->setWidget(differences_);
    differences_scroll_->setWidgetResizable(true);
    differences_scroll_->setFrameShape(QFrame::NoFrame);
    differences_scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    differences_scroll_->setFixedWidth(260);
    differences_scroll_->setFixedHeight(table_->height());
    // The tables in a box of their own, and the summary line that takes
    // their place when the dock is too low for them (fitRoom()).
    tables_ = new QWidget(this);
    summary_ = new TextStrip(kSummaryLines, this);
    summary_->setObjectName("compare_summary");
    summary_->setAdaptive(true);
    summary_->hide();
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    // The tables' height is not the table's least: lower, the summary lines
    // stand in for them (fitRoom), so a dock under the panels may give less.
    outer->setSizeConstraint(QLayout::SetNoConstraint);
    auto* summary_row = new QHBoxLayout;
    summary_row->setContentsMargins(6, 0, 6, 0);  // as the tables' text stands in
    summary_row->addWidget(summary_);
    outer->addLayout(summary_row);
    outer->addWidget(tables_);
    outer->addStretch(1);  // room the summary leaves stays below it, not above
    auto* layout = new QHBoxLayout(tables_);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(8);
    // The aggregate and the per-flow table share the width 5 : 4, each at
    // the top of its column (their heights differ).
    for (auto [t, stretch] : {std::pair<QTableWidget*, int>{table_, 5}, {flow_table_, 4}}) {
        auto* column = new QVBoxLayout;
        column->setContentsMargins(0, 0, 0, 0);
        column->addWidget(t);
        column->addStretch();
        layout->addLayout(column, stretch);
    }
    layout->addWidget(kernel_table_, 0, Qt::AlignTop);
    layout->addWidget(differences_scroll_, 1, Qt::AlignTop);
    clear();
}

void CompareTable::setKernelCell(int row, int column, const QString& text, const QString& tip) {
    QTableWidgetItem* item = kernel_table_->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        item->setTextAlignment(column == KernelFigure ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter);
        kernel_table_->setItem(row, column, item);
        if (column == KernelRatio) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    }
    item->setText(text);
    item->setToolTip(tip);
}

void CompareTable::setKernel(const SnapshotPtr& model, const KernelSnapshotPtr& kernel) {
    kernel_ = kernel;
    if (!kernel_) {
        kernel_table_->hide();
        table_->show();
        kernel_text_.clear();
        kernel_html_.clear();
        differences_scroll_->setFixedWidth(260);
        differences_scroll_->setFixedHeight(table_->height());
        showDifferences();
        updateSummary();
        fitRoom();
        return;
    }
    kernel_table_->show();
    table_->setVisible(ab_shown_);
    // The sentences take what the tables leave, at least a narrow column.
    differences_scroll_->setMinimumWidth(260);
    differences_scroll_->setMaximumWidth(QWIDGETSIZE_MAX);
    differences_scroll_->setFixedHeight(kernel_table_->height());
    const RunResult& k = kernel_->run->result;
    const bool done = kernel_->done;
    const bool have_model = model && model->done;
    const QString label = kernel_label(QString::fromStdString(kernel_->facts.kernel_release));
    auto* model_head = kernel_table_->horizontalHeaderItem(KernelModel);
    model_head->setText(have_model ? tr("Model · %1").arg(algorithms_words(model->result)) : tr("Model"));
    auto* kernel_head = kernel_table_->horizontalHeaderItem(KernelMeasured);
    kernel_head->setText(done ? label
                              : tr("%1 (%2 s of %3 s)")
                                    .arg(label)
                                    .arg(std::floor(kernel_->elapsed_s))
                                    .arg(kernel_->duration_s));
    const kernel::KernelFacts& f = kernel_->facts;
    kernel_head->setToolTip(tr("Linux %1 (%2), %3; MSS %4 B in %5 B packets; pacing: %6")
                                .arg(QString::fromStdString(f.kernel_release), QString::fromStdString(f.kernel_version),
                                     QString::fromStdString(f.congestion_control.empty() ? std::string(to_string(k.scenario.algorithm))
                                                                                         : f.congestion_control))
                                .arg(f.mss_bytes)
                                .arg(f.mtu_bytes)
                                .arg(QString::fromStdString(f.pacing)));
    const Summary none{};
    const std::vector<CompareFigure> figs = kernel_figures(have_model ? model->result.summary : none, k.summary);
    for (std::size_t i = 0; i < figs.size(); ++i) {
        const int r = static_cast<int>(i);
        const CompareFigure& fig = figs[i];
        setKernelCell(r, KernelModel, have_model ? figure_text(fig.kind, fig.a) : QStringLiteral("…"));
        if (!done) {
            setKernelCell(r, KernelMeasured, QStringLiteral("…"), tr("The kernel run is going; its figures come at the end"));
            setKernelCell(r, KernelRatio, QString());
            continue;
        }
        const QString note = kernel_figure_note(i, k, f);
        if (!std::isfinite(fig.b)) {
            setKernelCell(r, KernelMeasured, QStringLiteral("—"), note);
            setKernelCell(r, KernelRatio, QString());
            continue;
        }
        setKernelCell(r, KernelMeasured, figure_text(fig.kind, fig.b), note);
        setKernelCell(r, KernelRatio, have_model && std::isfinite(fig.a) ? ratio_text(fig.a, fig.b) : QString());
    }
    if (!done || !have_model) {
        kernel_text_ = done ? tr("The model's run is still going.")
                            : tr("Measuring on the kernel: %1 s of %2 s.").arg(std::floor(kernel_->elapsed_s)).arg(kernel_->duration_s);
        kernel_html_ = kernel_text_.toHtmlEscaped();
    } else {
        const QStringList diff = kernel_differences(model->result, k, f);
        QStringList escaped;
        for (const QString& d : diff) escaped << d.toHtmlEscaped();
        kernel_text_ = tr("Model vs kernel: %1").arg(diff.join(QStringLiteral(" · ")));
        kernel_html_ = tr("<b>Model vs kernel</b>:<br>%1").arg(escaped.join(QStringLiteral("<br>")));
    }
    showDifferences();
    updateSummary();
    fitRoom();
}

QString CompareTable::kernelCellText(int figure, KernelColumn column) const {
    const QTableWidgetItem* item = kernel_table_->item(figure, column);
    return item ? item->text() : QString();
}

QString CompareTable::kernelCellToolTip(int figure, KernelColumn column) const {
    const QTableWidgetItem* item = kernel_table_->item(figure, column);
    return item ? item->toolTip() : QString();
}

int CompareTable::kernelFigureCount() const { return kernel_table_->rowCount(); }

void CompareTable::showDifferences() {
    QStringList parts;
    if (!ab_html_.isEmpty() && (ab_shown_ || !kernel_)) parts << ab_html_;
    if (!kernel_html_.isEmpty()) parts << kernel_html_;
    differences_->setText(parts.join(QStringLiteral("<br>")));
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
    ab_shown_ = false;
    flow_table_->hide();
    flow_note_.clear();
    if (kernel_) table_->hide();
    setDifferences(hint, hint.toHtmlEscaped());
}

void CompareTable::setRuns(const SnapshotPtr& a, const SnapshotPtr& b) {
    if (!a) {
        clear();
        return;
    }
    ab_shown_ = true;
    table_->show();
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
    spread_columns(table_);
    setFlows(a, have_b ? b : nullptr);
    if (!b) {
        setDifferences(QString(), QString());
        return;
    }
    // Different flow counts: said first, in one line.
    const QString note_plain = flow_note_.isEmpty() ? QString() : flow_note_ + QLatin1Char(' ');
    const QString note_html = flow_note_.isEmpty() ? QString() : QStringLiteral("<b>%1</b><br>").arg(flow_note_.toHtmlEscaped());
    const QStringList diff = scenario_differences(a->result.scenario, b->result.scenario);
    if (diff.isEmpty()) {
        setDifferences(note_plain + tr("Same scenario in A and B."), note_html + tr("Same scenario in A and B."));
        return;
    }
    QStringList escaped;
    for (const QString& d : diff) escaped << d.toHtmlEscaped();
    setDifferences(note_plain + tr("What differs (A → B): %1").arg(diff.join(QStringLiteral(" · "))),
                   note_html + tr("<b>What differs</b> (A → B):<br>%1").arg(escaped.join(QStringLiteral("<br>"))));
}

void CompareTable::setFlows(const SnapshotPtr& a, const SnapshotPtr& b) {
    flow_note_ = a && b ? flow_count_note(a->result, b->result) : QString();
    // Before B has finished: A's flows alone, B "…".
    const std::vector<FlowCompareGroup> groups =
        a ? flow_compare_groups(a->result, b ? b->result : a->result) : std::vector<FlowCompareGroup>{};
    // The differences give the per-flow table some of their width, and the
    // aggregate's last header a short form (the full one as its tooltip).
    if (!kernel_) differences_scroll_->setFixedWidth(groups.empty() ? 260 : 180);
    // Without it, its column takes no width (the aggregate has all of it, as with one flow).
    if (auto* row = qobject_cast<QHBoxLayout*>(tables_->layout())) row->setStretch(1, groups.empty() ? 0 : 4);
    if (QTableWidgetItem* last = table_->horizontalHeaderItem(table_->columnCount() - 1)) {
        last->setText(groups.empty() ? tr("Congestion events") : tr("Cong. events"));
        last->setToolTip(tr("Congestion events"));
    }
    if (groups.empty()) {
        flow_table_->hide();
        flow_table_->setRowCount(0);
        return;
    }
    int rows = 0;
    for (const FlowCompareGroup& g : groups) rows += static_cast<int>(g.figures.size());
    flow_table_->setRowCount(0);  // no stale names from the last pair
    flow_table_->setRowCount(rows);
    const auto put = [this](int r, int c, const QString& text, bool bold = false, const QColor& colour = {}) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(c <= FlowFigure ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter);
        if (bold) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        if (colour.isValid()) item->setForeground(colour);
        flow_table_->setItem(r, c, item);
    };
    const bool dark = is_dark_palette();
    int r = 0;
    for (const FlowCompareGroup& g : groups) {
        // The flow's name in its colour on its group's first row (B's; A's
        // in the tooltip when it differs — "What differs" names the flows),
        // no spans: the column fits the names.
        const QString name = b ? g.label_b : g.label_a;
        QString tip = tr("Flow %1 (%2)").arg(g.index + 1).arg(flow_colour_name(g.index));
        if (b && g.label_a != g.label_b) tip += tr(": %1 in A, %2 in B").arg(g.label_a, g.label_b);
        put(r, FlowName, name, true, flow_colour(g.index, dark));
        flow_table_->item(r, FlowName)->setToolTip(tip);
        for (const CompareFigure& f : g.figures) {
            put(r, FlowFigure, f.name);
            put(r, FlowA, std::isfinite(f.a) ? figure_text(f.kind, f.a) : QStringLiteral("—"));
            put(r, FlowB, !b ? QStringLiteral("…") : std::isfinite(f.b) ? figure_text(f.kind, f.b) : QStringLiteral("—"));
            put(r, FlowDelta, b ? delta_text(f.kind, f.a, f.b) : QString(), true);
            ++r;
        }
    }
    spread_columns(flow_table_);
    flow_table_->show();
}

int CompareTable::flowRowCount() const { return flow_table_->isHidden() ? 0 : flow_table_->rowCount(); }

QString CompareTable::flowCellText(int row, FlowColumn column) const {
    const QTableWidgetItem* item = flow_table_->item(row, column);
    return item ? item->text() : QString();
}

QString CompareTable::cellText(Row row, int column) const {
    const QTableWidgetItem* item = table_->item(row, column);
    return item ? item->text() : QString();
}

int CompareTable::figureCount() const { return table_->columnCount() - 1; }

QString CompareTable::differencesText() const { return differences_text_; }

bool CompareTable::squeezed() const { return !summary_->isHidden(); }

QString CompareTable::summaryText() const { return squeezed() ? summary_->text() : QString(); }

void CompareTable::setDifferences(const QString& plain, const QString& html) {
    differences_text_ = plain;
    ab_html_ = html;
    showDifferences();
    updateSummary();
}

void CompareTable::updateSummary() {
    // "Throughput: A 49.3 Mbit/s · B 48.9 Mbit/s (B / A 0.99×)", each
    // flow's throughput A → B, then what differs; every cell of both
    // tables in the tooltip.
    QStringList parts, flow_lines;
    const QString figure = table_->horizontalHeaderItem(1) ? table_->horizontalHeaderItem(1)->text() : QString();
    if (ab_shown_) {
        QString ab = tr("%1: A %2 · B %3").arg(figure, cellText(RowA, 1), cellText(RowB, 1));
        if (!cellText(RowRatio, 1).isEmpty()) ab += tr(" (B / A %1)").arg(cellText(RowRatio, 1));
        parts << ab;
        // Up to kSummaryFlows flows by name; the rest counted (all of them
        // are in the table, and in this summary's tooltip).
        QString name;
        QStringList flows;
        for (int r = 0; r < flowRowCount(); ++r) {
            if (!flowCellText(r, FlowName).isEmpty()) name = flowCellText(r, FlowName);
            if (flowCellText(r, FlowFigure) == figure)
                flows << tr("%1 %2 → %3").arg(name, flowCellText(r, FlowA), flowCellText(r, FlowB));
        }
        parts << flows.mid(0, kSummaryFlows);
        if (flows.size() > kSummaryFlows) parts << tr("+ %1 more flows (hover)").arg(flows.size() - kSummaryFlows);
        flow_lines = flows;
    }
    // With a kernel run: its throughput beside the model's, then its
    // sentences (the A/B part above only while a ghost is pinned).
    QStringList kernel_tip;
    if (kernel_) {
        const QString model = kernelCellText(0, KernelModel), measured = kernelCellText(0, KernelMeasured);
        QString k = tr("%1: model %2 · kernel %3").arg(kernelCellText(0, KernelFigure), model, measured);
        if (!kernelCellText(0, KernelRatio).isEmpty()) k += tr(" (kernel / model %1)").arg(kernelCellText(0, KernelRatio));
        if (!ab_shown_) parts.clear();
        parts << k;
        for (int r = 0; r < kernel_table_->rowCount(); ++r)
            kernel_tip << tr("%1: model %2, kernel %3").arg(kernelCellText(r, KernelFigure), kernelCellText(r, KernelModel),
                                                            kernelCellText(r, KernelMeasured));
        if (!kernel_text_.isEmpty()) parts << kernel_text_;
    } else if (!differences_text_.isEmpty()) {
        parts << differences_text_;
    }
    summary_->setText(parts.join(QStringLiteral(" · ")));
    QStringList tip;
    for (int r : {RowA, RowB, RowRatio}) {
        QStringList cells;
        for (int c = 1; c < table_->columnCount(); ++c)
            if (table_->horizontalHeaderItem(c))
                cells << table_->horizontalHeaderItem(c)->text() + QStringLiteral(" ") + cellText(static_cast<Row>(r), c);
        tip << cellText(static_cast<Row>(r), 0) + QStringLiteral(": ") + cells.join(QStringLiteral(", "));
    }
    tip << flow_lines;
    if (kernel_) {
        if (!ab_shown_) tip.clear();
        tip << kernel_tip;
    }
    // Then the differences in words, which the summary's last line elides
    // first (a kernel run's "Model vs kernel: …" was cut after its first
    // sentence with no way to read the rest). Rich text, so it wraps.
    QStringList tip_html;
    for (const QString& line : tip) tip_html << line.toHtmlEscaped();
    QString html = tip_html.join(QStringLiteral("<br>"));
    if (!ab_html_.isEmpty() && (ab_shown_ || !kernel_)) html += QStringLiteral("<br><br>") + ab_html_;
    if (kernel_ && !kernel_html_.isEmpty()) html += QStringLiteral("<br><br>") + kernel_html_;
    summary_->setToolTip(QStringLiteral("<p>%1</p>").arg(html));
}

QString CompareTable::summaryToolTip() const { return summary_->toolTip(); }

int CompareTable::leastShownPx() const {
    const QMargins m = layout() ? layout()->contentsMargins() : QMargins();
    return kSummaryLines * summary_->fontMetrics().lineSpacing() + m.top() + m.bottom() + 6;
}

QSize CompareTable::minimumSizeHint() const {
    const QSize laid_out = QWidget::minimumSizeHint();
    const int least = leastShownPx();
    return least > 0 ? QSize(laid_out.width(), std::min(laid_out.height(), least)) : laid_out;
}

int CompareTable::tablesNeedPx() const {
    // The A/B table's header and three rows at the current type.
    const int row_h = table_->fontMetrics().height() + 6;
    const QMargins m = tables_->layout()->contentsMargins();
    const int ab_px = ab_shown_ || !kernel_ ? 4 * row_h + 2 * table_->frameWidth() : 0;
    // With a kernel run, its table whole too: it sizes itself to its rows.
    const int kernel_px = kernel_ ? kernel_table_->sizeHint().height() : 0;
    return std::max(ab_px, kernel_px) + m.top() + m.bottom();
}

void CompareTable::fitRoom() {
    // Too low for the tables (the presentation look at 1280×720: the charts
    // keep their minimum heights): the summary line instead, never rows cut
    // in half; the kernel's table too (at 1280×720 with the guide open the
    // panels leave under them room for two lines, not for its rows).
    const bool squeezed = height() < tablesNeedPx();
    if (tables_->isHidden() != squeezed) tables_->setVisible(!squeezed);
    if (summary_->isHidden() == squeezed) summary_->setVisible(squeezed);
    // As many of the summary's lines as the dock holds and the window
    // shows, the last one elided: at least one, at most six (a kernel run's
    // summary at 1280×720 was cut after two lines over a dock with room for
    // six). Presenting at 720p with many flows the panels' minimum heights
    // leave the dock less than it asks for, and the window's layout then
    // places its second line below the window's edge.
    if (squeezed) {
        const int shown_px = window()->height() - mapTo(window(), QPoint(0, 0)).y() - 2;  // the strip's 2 px
        const int room_px = std::min(shown_px, height() - 2);
        const int fit = std::clamp(room_px / summary_->fontMetrics().lineSpacing(), 1, kMostSummaryLines);
        if (summary_->lines() != fit) summary_->setLines(fit);
    }
}

void CompareTable::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitRoom();
}

}  // namespace inflight::ui
