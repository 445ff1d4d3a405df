#include "ui/sweep/sweep_window.h"

#include "ui/export/file_dialogs.h"

#include <QCheckBox>
#include <algorithm>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/export/exporter.h"
#include "ui/lesson/flow_words.h"
#include "ui/sweep/sweep_chart.h"
#include "app/formats/sweep_output.h"
#include "ui/sweep/sweep_render.h"
#include "ui/sweep/sweep_units.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {
constexpr int kPointsTypedMax = 999;  // three digits: what the box lets one type
}  // namespace

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

constexpr Algorithm kAlgorithms[] = {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr};
constexpr char kBadField[] = "border: 2px solid #d0312d;";

// Several flows that each name their algorithm: the sweep's algorithms
// would change nothing (they are the default of the flows naming none), so
// one series runs, as `inflight sweep --flow …` does without --algo.
bool flows_name_their_algorithms(const Scenario& s) {
    if (s.flows.size() < 2) return false;
    for (const FlowSpec& f : s.flows)
        if (f.kind == FlowKind::Tcp && !f.algorithm) return false;
    return true;
}

}  // namespace

SweepWindow::SweepWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), exports_(this, [this](bool, const QString& line) { status_->setText(line); }) {
    setWindowTitle(tr("Inflight — sweep (response curves)"));
    runner_ = new SweepRunner(this);

    param_ = new QComboBox;
    for (SweepParam p : kAllSweepParams) param_->addItem(QString::fromUtf8(to_string(p)), static_cast<int>(p));
    param_->setToolTip(tr("The parameter to vary; every other one comes from the main window"));
    from_ = new QLineEdit;
    to_ = new QLineEdit;
    for (QLineEdit* e : {from_, to_})
        e->setToolTip(tr("With units, as on the command line: 1e-5 or 0.001% (loss), 10ms, 100Mbps, 64KiB"));
    points_ = new QSpinBox;
    // Wider than the sweep takes: a typed 1 or 100 stays as typed and is
    // refused in words under the form, never put back to 2 or 40 unseen.
    points_->setRange(0, kPointsTypedMax);
    points_->setValue(13);
    points_->setToolTip(tr("Log-spaced points, both ends included (%1–%2)").arg(kMinSweepPoints).arg(kMaxSweepPoints));
    auto* algo_row = new QWidget;
    auto* algo_layout = new QHBoxLayout(algo_row);
    algo_layout->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < 3; ++i) {
        algos_[i] = new QCheckBox(QString::fromUtf8(to_string(kAlgorithms[i])));
        algos_[i]->setChecked(true);
        algo_layout->addWidget(algos_[i]);
    }
    algo_layout->addStretch();

    auto* form = new QFormLayout;
    form->addRow(tr("&Parameter"), param_);
    form->addRow(tr("&From"), from_);
    form->addRow(tr("&To"), to_);
    form->addRow(tr("P&oints"), points_);
    form->addRow(tr("Algorithms"), algo_row);

    error_ = new QLabel;
    error_->setWordWrap(true);
    error_->setStyleSheet("color: #b0241b;");
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    base_label_ = new QLabel;
    base_label_->setWordWrap(true);
    run_ = new QPushButton(tr("&Run sweep"));
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("&Cancel"));
    cancel_->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_);
    buttons->addWidget(cancel_);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1);
    progress_->setValue(0);
    // Nothing counted before the first sweep (run() sets "%v of %m runs").
    progress_->setFormat(tr("no sweep run yet"));
    status_ = new QLabel;
    status_->setWordWrap(true);
    export_png_ = new QPushButton(tr("Export &PNG…"));
    export_csv_ = new QPushButton(tr("Export C&SV…"));
    export_png_->setEnabled(false);
    export_csv_->setEnabled(false);
    auto* exports = new QHBoxLayout;
    exports->addWidget(export_png_);
    exports->addWidget(export_csv_);

    auto* side = new QWidget;
    auto* side_layout = new QVBoxLayout(side);
    side_layout->setContentsMargins(6, 6, 6, 6);
    side_layout->addLayout(form);
    side_layout->addWidget(error_);
    side_layout->addWidget(base_label_);
    side_layout->addLayout(buttons);
    side_layout->addWidget(progress_);
    side_layout->addWidget(status_);
    side_layout->addStretch();
    side_layout->addLayout(exports);

    // The settings scroll when the screen is lower than they are tall, so
    // the window's least height is the chart's, never the column's.
    auto* side_scroll = new QScrollArea;
    side_scroll->setObjectName("sweep_settings");
    side_scroll->setWidget(side);
    side_scroll->setWidgetResizable(true);
    side_scroll->setFrameShape(QFrame::NoFrame);
    side_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    side_scroll->setFixedWidth(300 + side_scroll->verticalScrollBar()->sizeHint().width());

    chart_ = new SweepChart;
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 6, 6);
    layout->addWidget(side_scroll);
    layout->addWidget(chart_, 1);
    resize(1280, 720);

    connect(param_, &QComboBox::currentIndexChanged, this, &SweepWindow::onParamChanged);
    for (QLineEdit* e : {from_, to_}) connect(e, &QLineEdit::textChanged, this, &SweepWindow::revalidate);
    connect(points_, &QSpinBox::valueChanged, this, &SweepWindow::revalidate);
    for (QCheckBox* c : algos_) connect(c, &QCheckBox::toggled, this, &SweepWindow::revalidate);
    for (QLineEdit* e : {from_, to_}) connect(e, &QLineEdit::returnPressed, this, &SweepWindow::run);
    connect(run_, &QPushButton::clicked, this, &SweepWindow::run);
    connect(cancel_, &QPushButton::clicked, this, &SweepWindow::cancel);
    connect(runner_, &SweepRunner::progress, this, [this](int done, int total) {
        progress_->setRange(0, total);
        progress_->setValue(done);
    });
    connect(runner_, &SweepRunner::finished, this, &SweepWindow::onFinished);
    connect(runner_, &SweepRunner::failed, this, [this](const QString& message) {
        error_->setText(tr("The sweep failed: %1").arg(message));
    });
    connect(runner_, &SweepRunner::stopped, this, [this] { setRunning(false); });
    connect(export_png_, &QPushButton::clicked, this, [this] {
        const QString path = ask_save_file(this, tr("Export sweep plot"), "sweep.png", tr("PNG (*.png)"));
        if (!path.isEmpty()) exportPng(path);
    });
    connect(export_csv_, &QPushButton::clicked, this, [this] {
        const QString path = ask_save_file(this, tr("Export sweep data"), "sweep.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });

    param_->setCurrentIndex(param_->findData(static_cast<int>(SweepParam::Loss)));
    onParamChanged();
}

SweepWindow::~SweepWindow() = default;

void SweepWindow::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    // Once the window manager has framed it (its frame is known only then;
    // some managers take a moment).
    QTimer::singleShot(0, this, &SweepWindow::fitScreen);
    QTimer::singleShot(300, this, &SweepWindow::fitScreen);
}

void SweepWindow::fitScreen() {
    // The window, frame and all, within the screen's free area: no smaller
    // than its least size, no larger than the room, moved inside it.
    const QScreen* s = screen();
    if (!s || isMaximized() || isFullScreen()) return;
    const QRect avail = s->availableGeometry();
    const QRect frame = frameGeometry(), inner = geometry();
    const QSize chrome(frame.width() - inner.width(), frame.height() - inner.height());
    const QSize room = (avail.size() - chrome).expandedTo(minimumSizeHint());
    const QSize fitted = size().boundedTo(room);
    if (fitted != size()) resize(fitted);
    const QRect now = frameGeometry();
    QPoint at = now.topLeft();
    at.setX(std::clamp(at.x(), avail.left(), std::max(avail.left(), avail.right() + 1 - now.width())));
    at.setY(std::clamp(at.y(), avail.top(), std::max(avail.top(), avail.bottom() + 1 - now.height())));
    if (at != now.topLeft()) move(at);
}

QCheckBox* SweepWindow::algorithmBox(Algorithm a) const { return algos_[static_cast<int>(a)]; }
QString SweepWindow::errorText() const { return error_->text(); }
QString SweepWindow::statusText() const { return status_->text(); }

void SweepWindow::setBaseScenario(const Scenario& s) {
    base_ = s;
    showBase();
    revalidate();
}

void SweepWindow::showBase() {
    // Every parameter but the swept one (and the algorithm, ticked here).
    const auto swept = static_cast<SweepParam>(param_->currentData().toInt());
    QStringList parts;
    const auto add = [&](SweepParam p, const QString& text) {
        if (p != swept) parts << text;
    };
    add(SweepParam::Bandwidth, q(format_rate(base_.bandwidth_bps)));
    add(SweepParam::Rtt, tr("RTT %1").arg(q(format_time(base_.rtt_s))));
    add(SweepParam::Loss, base_.loss > 0 ? tr("loss %1").arg(q(format_loss(base_.loss))) : tr("no loss"));
    add(SweepParam::Buffer, tr("buffer %1").arg(q(format_time(base_.buffer_s))));
    if (base_.rwnd_bytes < Limits::max_window_bytes)
        add(SweepParam::Rwnd, tr("rwnd %1").arg(q(format_size_short(base_.rwnd_bytes))));
    parts << tr("%1 per run").arg(q(format_time(base_.duration_s)));
    if (base_.flows.size() > 1) {
        QStringList names;
        for (std::size_t f = 0; f < base_.flows.size(); ++f) names << flow_display_name(base_, f);
        parts << tr("%1 flows (%2): the plot shows each flow's share and throughput").arg(base_.flows.size()).arg(names.join(QStringLiteral(", ")));
    }
    const bool fixed = flows_name_their_algorithms(base_);
    for (QCheckBox* c : algos_) {
        c->setEnabled(!fixed && !runner_->running());
        c->setToolTip(fixed ? tr("Every flow names its own algorithm: one series runs") : QString());
    }
    base_label_->setText(tr("Every other parameter from the main window: %1.").arg(parts.join(QStringLiteral(", "))));
}

void SweepWindow::onParamChanged() {
    const auto p = static_cast<SweepParam>(param_->currentData().toInt());
    const SweepDefaults d = default_range(p);
    from_->setText(QString::fromUtf8(d.from));
    to_->setText(QString::fromUtf8(d.to));
    showBase();
    revalidate();
}

std::optional<SweepSpec> SweepWindow::spec(QString* error) const {
    const auto fail = [error](const std::string& message) -> std::optional<SweepSpec> {
        if (error) *error = q(message);
        return std::nullopt;
    };
    SweepSpec s;
    s.base = base_;
    s.param = static_cast<SweepParam>(param_->currentData().toInt());
    const Parsed<double> from = parse_sweep_end(s.param, from_->text(), "--from");
    if (!from) return fail(from.error);
    const Parsed<double> to = parse_sweep_end(s.param, to_->text(), "--to");
    if (!to) return fail(to.error);
    s.from = from.value;
    s.to = to.value;
    s.points = points_->value();
    s.algorithms.clear();
    if (flows_name_their_algorithms(base_))
        s.algorithms.push_back(base_.algorithm);
    else
        for (int i = 0; i < 3; ++i)
            if (algos_[i]->isChecked()) s.algorithms.push_back(kAlgorithms[i]);
    if (auto err = validate_sweep(s)) return fail(*err);
    return s;
}

void SweepWindow::revalidate() {
    QString err;
    const bool ok = spec(&err).has_value();
    error_->setText(ok ? QString() : err);
    // Mark the field the message is about.
    const auto mark = [&](QWidget* w, const char* option) {
        w->setStyleSheet(!ok && err.startsWith(QLatin1String(option)) ? kBadField : "");
    };
    mark(from_, "--from");
    mark(to_, "--to");
    mark(points_, "--points");
    run_->setEnabled(ok && !runner_->running());
}

bool SweepWindow::run() {
    QString err;
    const std::optional<SweepSpec> s = spec(&err);
    if (!s) {
        error_->setText(err);
        return false;
    }
    if (!runner_->start(*s, threads_)) return false;
    clock_.start();
    progress_->setFormat(tr("%v of %m runs"));
    progress_->setRange(0, static_cast<int>(s->points * s->algorithms.size()));
    progress_->setValue(0);
    status_->setText(tr("Sweeping… %1 runs").arg(s->points * static_cast<int>(s->algorithms.size())));
    setRunning(true);
    return true;
}

void SweepWindow::cancel() {
    if (!runner_->running()) return;
    runner_->cancel();
    status_->setText(tr("Cancelling…"));
}

void SweepWindow::setRunning(bool on) {
    cancel_->setEnabled(on);
    for (QWidget* w : std::initializer_list<QWidget*>{param_, from_, to_, points_, algos_[0], algos_[1], algos_[2]})
        w->setEnabled(!on);
    if (!on && flows_name_their_algorithms(base_))
        for (QCheckBox* c : algos_) c->setEnabled(false);
    if (!on) revalidate();
    else run_->setEnabled(false);
}

void SweepWindow::onFinished(SweepResultPtr r) {
    result_ = std::move(r);
    chart_->setResult(*result_);
    last_seconds_ = clock_.elapsed() / 1e3;
    export_png_->setEnabled(!result_->cancelled);
    export_csv_->setEnabled(!result_->cancelled);
    status_->setText(result_->cancelled
                         ? tr("Cancelled after %1 of %2 runs").arg(result_->runs_done).arg(progress_->maximum())
                         : tr("%1 runs on %2 threads in %3 (engine %4)")
                               .arg(result_->runs_done)
                               .arg(result_->threads_used)
                               .arg(q(format_time(last_seconds_)), q(format_time(result_->wall_seconds))));
    emit sweepFinished(result_->cancelled);
}

bool SweepWindow::exportResult(const QString& path, const ExportHelper::Writer& writer, QString* error) {
    const ExportHelper::Outcome o = !result_ || result_->cancelled
                                        ? exports_.refuse(tr("No finished sweep to export; run one first"))
                                        : exports_.write(path, writer);
    if (!o.ok && error) *error = o.line;
    return o.ok;
}

bool SweepWindow::exportPng(const QString& path, QString* error) {
    return exportResult(path, [this](const QString& p) { return save_sweep_png(*result_, p); }, error);
}

bool SweepWindow::exportCsv(const QString& path, QString* error) {
    return exportResult(path, [this](const QString& p) { return write_export_file(p, sweep_csv(*result_)); }, error);
}

}  // namespace inflight::ui
