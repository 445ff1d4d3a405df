#include "ui/teaching/playback_bar.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <algorithm>
#include <cmath>

#include "ui/lesson/binding_words.h"
#include "ui/lesson/playhead.h"
#include "ui/panels/text_strip.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {
constexpr int kSliderSteps = 4000;
constexpr double kSpeeds[] = {0.1, 0.25, 0.5, 1, 2, 5, 10};
constexpr int kSliderMinPx = 140;  // enough to drag with a mouse on a projector
constexpr int kReadoutLines = 2;
QString q(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

PlaybackBar::PlaybackBar(Playhead* playhead, QWidget* parent) : QWidget(parent), playhead_(playhead) {
    // The style's own icons: "⏸" (U+23F8) is missing from DejaVu, the
    // default fonts on Linux.
    play_ = new QToolButton(this);
    play_->setText(tr("Replay"));
    play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    play_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    play_->setToolTip(tr("Replay the finished run with a cursor across every panel (Space)"));
    prev_event_ = new QToolButton(this);
    prev_event_->setText(QStringLiteral("|◀"));
    prev_event_->setToolTip(tr("Back to the previous event ([)"));
    next_event_ = new QToolButton(this);
    next_event_->setText(QStringLiteral("▶|"));
    next_event_->setToolTip(tr("On to the next event (])"));
    speed_ = new QComboBox(this);
    for (double s : kSpeeds) speed_->addItem(QStringLiteral("%1×").arg(s), s);
    speed_->setCurrentIndex(3);
    speed_->setToolTip(tr("Replay speed: simulated seconds per second of real time"));
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setRange(0, kSliderSteps);
    slider_->setToolTip(tr("Move the playhead (or click and drag on a chart)"));
    slider_->setFocusPolicy(Qt::ClickFocus);
    readout_ = new TextStrip(kReadoutLines, this);  // wraps rather than cutting the numbers short
    readout_->setObjectName("readout");
    readout_->setToolTip(tr("The run at the playhead. A range (cwnd 4–1,336 pkts) is what the value spanned over "
                            "the trace's sample there: it changed within that sample"));
    readout_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    fitReadoutFont();

    slider_->setMinimumWidth(kSliderMinPx);
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(6, 2, 6, 2);
    grid_->setVerticalSpacing(0);
    grid_->addWidget(play_, 0, 0);
    grid_->addWidget(prev_event_, 0, 1);
    grid_->addWidget(next_event_, 0, 2);
    grid_->addWidget(speed_, 0, 3);
    grid_->addWidget(slider_, 0, 4);
    placeReadout(false);

    connect(play_, &QToolButton::clicked, playhead_, &Playhead::toggle);
    connect(prev_event_, &QToolButton::clicked, this, &PlaybackBar::previousEvent);
    connect(next_event_, &QToolButton::clicked, this, &PlaybackBar::nextEvent);
    connect(speed_, &QComboBox::currentIndexChanged, this,
            [this](int) { playhead_->setSpeed(speed_->currentData().toDouble()); });
    connect(slider_, &QSlider::valueChanged, this, [this](int v) {
        if (updating_ || !playhead_->ready()) return;
        playhead_->seek(playhead_->duration() * v / kSliderSteps);
    });
    connect(playhead_, &Playhead::timeChanged, this, &PlaybackBar::showTime);
    connect(playhead_, &Playhead::playingChanged, this,
            [this](bool on) {
                play_->setText(on ? tr("Pause") : tr("Replay"));
                play_->setIcon(style()->standardIcon(on ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
            });
    connect(playhead_, &Playhead::disengaged, this, [this] {
        readout_->setText(snap_ ? tr("finished — press Space or click a chart to replay it") : QString());
    });
    setSnapshot(nullptr);
}

// A long readout for a run (four-digit windows and queue, the window's
// span over a bucket where it changed, a second-long RTT, the longest state
// and limit words): the bar's layout is chosen for it, so it does not change
// while a run is replayed.
QString PlaybackBar::longestReadout() const {
    return tr("t %1 s · cwnd %2 pkts · in flight %3 pkts · queue %4 pkts · RTT %5 · %6 · limit %7")
        .arg(QStringLiteral("40.000"), QStringLiteral("8,888–8,888"), QStringLiteral("8,888–8,888"),
             QStringLiteral("8,888"), QStringLiteral("1.888 s"), QStringLiteral("congestion avoidance"),
             QStringLiteral("send buffer"));
}

// Beside the slider when the longest readout fits there in its two lines,
// else on a row of its own under the buttons and the slider (a narrow bar:
// the guide open, presentation mode's larger type).
void PlaybackBar::placeReadout(bool below) {
    if (grid_->indexOf(readout_) >= 0 && below == readout_below_) return;
    readout_below_ = below;
    grid_->removeWidget(readout_);
    if (below) {
        grid_->addWidget(readout_, 1, 0, 1, 5);
        grid_->setColumnStretch(4, 1);
        grid_->setColumnStretch(5, 0);
    } else {
        grid_->addWidget(readout_, 0, 5);
        grid_->setColumnStretch(4, 1);
        grid_->setColumnStretch(5, 3);
    }
}

void PlaybackBar::chooseLayout() {
    if (!readout_) return;
    // The readout's width beside a slider of 2/5 of what the two share.
    const QMargins m = grid_->contentsMargins();
    int buttons = 0;
    for (QWidget* w : {static_cast<QWidget*>(play_), static_cast<QWidget*>(prev_event_),
                       static_cast<QWidget*>(next_event_), static_cast<QWidget*>(speed_)})
        buttons += w->sizeHint().width() + grid_->horizontalSpacing();
    const int shared = width() - m.left() - m.right() - buttons - grid_->horizontalSpacing();
    // Beside the slider the readout takes what it needs for its longest
    // text on one line at most; the slider has the rest, at least its minimum.
    const QString longest = longestReadout();
    const int one_line = QFontMetrics(readout_->font()).horizontalAdvance(longest) + 4;
    const int beside = std::min(shared - kSliderMinPx, one_line);
    TextStrip probe(kReadoutLines);
    probe.setFont(readout_->font());
    probe.setText(longest);
    const bool below = !probe.fitsWidth(beside);
    readout_->setMaximumWidth(below ? QWIDGETSIZE_MAX : one_line);
    placeReadout(below);
}

void PlaybackBar::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    chooseLayout();
}

void PlaybackBar::fitReadoutFont() {
    // A size under the buttons' so the numbers fit their two lines.
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * 0.88);
    readout_->setFont(f);
}

void PlaybackBar::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange && readout_) {
        fitReadoutFont();
        chooseLayout();
    }
}

void PlaybackBar::setSnapshot(SnapshotPtr snap) {
    snap_ = std::move(snap);
    const bool ok = snap_ && snap_->done;
    for (QWidget* w : {static_cast<QWidget*>(play_), static_cast<QWidget*>(prev_event_),
                       static_cast<QWidget*>(next_event_), static_cast<QWidget*>(slider_)})
        w->setEnabled(ok);
    const QSignalBlocker b(slider_);
    slider_->setValue(0);
    readout_->setText(ok ? tr("finished — press Space or click a chart to replay it") : tr("running…"));
}

QString PlaybackBar::readoutText() const { return readout_->text(); }

void PlaybackBar::showTime(double t_s) {
    if (!snap_) return;
    updating_ = true;
    if (playhead_->duration() > 0)
        slider_->setValue(static_cast<int>(std::lround(kSliderSteps * t_s / playhead_->duration())));
    updating_ = false;
    const RunResult& run = snap_->result;
    const Trace& tr_ = run.trace;
    const int i = bucket_index_at(tr_, t_s);
    if (i < 0) return;
    const TraceBucket& b = tr_.buckets[static_cast<std::size_t>(i)];
    const double mss = std::max<double>(1, tr_.mss_bytes);
    // What is true at the playhead. A trace bucket keeps each series' least
    // and largest value over its span, not the value at each instant: where
    // the two differ the readout gives the span ("cwnd 4–1,336 pkts"), where
    // they agree (or the instant's value is known) the one value. cwnd at
    // the bucket's end is known, and so is cwnd just after a congestion
    // event or a timeout the playhead sits on (the event log's row says
    // "cwnd 668 → 668 packets"; the bucket's largest value said 1,927).
    const auto pk = [&](double bytes) {
        return QString::fromStdString(format_grouped(static_cast<std::uint64_t>(std::llround(bytes / mss))));
    };
    // One value, or the span "lo–hi" where the two read differently.
    const auto one_or_span = [](const QString& lo, const QString& hi) {
        return lo == hi ? lo : lo + QStringLiteral("–") + hi;
    };
    const auto span = [&](const MinMax& m) { return one_or_span(pk(m.min), pk(m.max)); };
    const auto finite = [](const MinMax& m) { return std::isfinite(m.min) && std::isfinite(m.max); };
    // A bucket without a sample of a series (NaN) shows the latest bucket
    // before it that has one: what was in force then; a dash before any.
    const auto latest = [&](MinMax TraceBucket::*series) -> int {
        for (int j = i; j >= 0; --j)
            if (finite(tr_.buckets[static_cast<std::size_t>(j)].*series)) return j;
        return -1;
    };
    const auto shown = [&](MinMax TraceBucket::*series) {
        const int j = latest(series);
        return j < 0 ? QStringLiteral("—") : span(tr_.buckets[static_cast<std::size_t>(j)].*series);
    };
    QString cwnd = shown(&TraceBucket::cwnd_bytes);
    const int cw = latest(&TraceBucket::cwnd_bytes);
    const bool at_end = t_s >= b.t_end_s - 1e-9;
    if (cw >= 0 && (cw < i || at_end) && std::isfinite(tr_.buckets[static_cast<std::size_t>(cw)].cwnd_end_bytes))
        cwnd = pk(tr_.buckets[static_cast<std::size_t>(cw)].cwnd_end_bytes);  // unchanged since that bucket's end
    if (run.flows.size() <= 1) {
        // The last event at this instant that sets cwnd (events are in time order).
        const auto& ev = run.events;
        auto it = std::lower_bound(ev.begin(), ev.end(), t_s - 1e-9, [](const Event& e, double t) { return e.t_s < t; });
        for (; it != ev.end() && it->t_s <= t_s + 1e-9; ++it)
            if ((it->kind == EventKind::CongestionEvent && !it->grouped) || it->kind == EventKind::Rto)
                if (it->cwnd_after_bytes > 0) cwnd = pk(it->cwnd_after_bytes);
    }
    QString rtt = QStringLiteral("—");
    if (finite(b.rtt_s)) {
        rtt = one_or_span(q(format_time(b.rtt_s.min)), q(format_time(b.rtt_s.max)));  // the bucket's samples
    } else if (std::isfinite(b.srtt_s)) {
        rtt = q(format_time(b.srtt_s));
    } else if (const int j = latest(&TraceBucket::rtt_s); j >= 0) {
        rtt = q(format_time(tr_.buckets[static_cast<std::size_t>(j)].rtt_s.max));
    }
    readout_->setText(tr("t %1 s · cwnd %2 pkts · in flight %3 pkts · queue %4 pkts · RTT %5 · %6 · limit %7")
                          .arg(QString::number(t_s, 'f', 3), cwnd, shown(&TraceBucket::inflight_bytes),
                               shown(&TraceBucket::queue_bytes), rtt, QString::fromUtf8(to_string(b.phase)),
                               QString::fromUtf8(limit_name(b.limit))));
}

void PlaybackBar::nextEvent() {
    if (!snap_ || !snap_->done) return;
    const double now = playhead_->engaged() ? playhead_->time() : -1;
    for (const Event& e : snap_->result.events)
        if (e.t_s > now + 1e-9) {
            playhead_->pause();
            playhead_->seek(e.t_s);
            return;
        }
}

void PlaybackBar::previousEvent() {
    if (!snap_ || !snap_->done) return;
    const double now = playhead_->engaged() ? playhead_->time() : playhead_->duration();
    const auto& ev = snap_->result.events;
    for (auto it = ev.rbegin(); it != ev.rend(); ++it)
        if (it->t_s < now - 1e-9) {
            playhead_->pause();
            playhead_->seek(it->t_s);
            return;
        }
}

}  // namespace inflight::ui
