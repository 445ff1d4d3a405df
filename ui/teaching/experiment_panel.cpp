#include "ui/teaching/experiment_panel.h"

#include "ui/lesson/set_changes.h"

#include <algorithm>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextDocument>
#include <QTimer>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/teaching/capped_scroll.h"
#include "ui/teaching/sentence_lines.h"
#include "ui/teaching/experiment_chooser.h"

#include "ui/lesson/flow_words.h"
#include "ui/lesson/step_check.h"
#include "ui/lesson/step_settings.h"

namespace inflight::ui {

namespace {

// Keep this many finished runs per step: enough for any sweep a hand makes.
constexpr std::size_t kMaxRuns = 60;
// The Check line's most height before it scrolls: five lines or two
// fifths of the panel, whichever is more — room for the check and what the
// runs measured, never the whole dock.
constexpr int kCheckLines = 5;
constexpr double kCheckShare = 0.4;

QString q(const std::string& s) { return QString::fromStdString(s); }

// Text the guide shows: a number never parted from its unit by a line's
// end ("6.5 Mbit/" over "s", "120" over "s").
QString shown(const QString& s) { return values_unbroken(s); }
QString shown(const std::string& s) { return shown(q(s)); }

QString para(const QString& label, const std::string& text) {
    return QStringLiteral("<p style='margin:0 0 6px 0'><b>%1</b> %2</p>").arg(label, shown(text).toHtmlEscaped());
}

}  // namespace

ExperimentPanel::ExperimentPanel(QWidget* parent) : QWidget(parent) {
    chooser_ = new ExperimentChooser(this);
    chooser_->setToolTip(tr("Guided experiments: Ctrl+1 … Ctrl+4"));
    heading_ = new QLabel(this);
    heading_->setObjectName("experiment_title");
    heading_->setWordWrap(true);
    heading_->setVisible(false);
    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    step_row_ = new QWidget(this);
    auto* step_layout = new QHBoxLayout(step_row_);
    step_layout->setContentsMargins(0, 0, 0, 0);
    step_layout->setSpacing(3);
    step_row_->installEventFilter(this);  // the buttons' width follows the row's
    title_ = new QLabel(this);
    title_->setObjectName("step_title");
    title_->setWordWrap(true);
    fitTitleFont();
    body_ = new QLabel(this);
    body_->setWordWrap(true);
    body_->setTextFormat(Qt::RichText);
    body_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    set_ = new QPushButton(tr("Set it"), this);
    set_->setToolTip(tr("Apply this step's settings to the controls and run them"));
    tick_ = new QLabel(this);
    tick_->setObjectName("tick");
    tick_->setMinimumWidth(tick_->fontMetrics().horizontalAdvance(QStringLiteral("✔ ")) + 4);
    tick_->setAlignment(Qt::AlignTop);
    check_ = new QLabel(this);
    check_->setObjectName("check");
    check_->setWordWrap(true);
    check_->setTextFormat(Qt::RichText);
    prev_ = new QPushButton(tr("◀ Previous"), this);
    prev_->setObjectName("previous_step");
    prev_->setToolTip(tr("Previous step (Ctrl+Left)"));
    next_ = new QPushButton(tr("Next ▶"), this);
    next_->setObjectName("next_step");
    next_->setToolTip(tr("Next step (Ctrl+Right)"));
    errors_ = new QLabel(this);
    errors_->setWordWrap(true);
    errors_->setStyleSheet("color: #a3003c;");
    errors_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    errors_->setVisible(false);

    // What only reads (refused files, the experiment's title and
    // introduction, the step's title and its words) scrolls; what the
    // student acts on or waits for stays in view at any height: the chooser
    // and step buttons above, the step's Check line and the buttons below.
    // The Check line asks for its own lines up to a cap and scrolls past it. So the panel's least height is that of a few lines,
    // whatever the experiment's texts and type size, and the window it docks
    // in never outgrows the screen for it.
    auto* content = new QWidget;
    auto* c = new QVBoxLayout(content);
    c->setContentsMargins(0, 0, 0, 0);
    c->addWidget(errors_);
    c->addWidget(heading_);
    c->addWidget(intro_);
    c->addWidget(title_);
    c->addWidget(body_);
    // Blank room under the words, as much as lets placeStepTitle() scroll
    // as far as it wants (the step's title, or a sentence's first line, at
    // the top) where the words end sooner.
    tail_pad_ = new QWidget(content);
    tail_pad_->setFixedHeight(0);
    c->addWidget(tail_pad_);
    c->addStretch(1);
    auto* scroll = new QScrollArea(this);
    text_scroll_ = scroll;
    scroll->setObjectName("guide_text");
    // The reader's own scrolling (wheel, keys, the bar) ends the following.
    connect(scroll->verticalScrollBar(), &QScrollBar::actionTriggered, this, [this] { follow_title_ = false; });
    connect(scroll->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] {
        if (follow_title_) placeStepTitle();
    });
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* check_box = new QWidget;
    auto* check_row = new QHBoxLayout(check_box);
    check_row->setContentsMargins(0, 0, 0, 0);
    check_row->addWidget(tick_, 0, Qt::AlignTop);
    check_row->addWidget(check_, 1);
    auto* check_scroll = new CappedScroll(check_box, kCheckLines, kCheckShare, this);
    check_scroll->setObjectName("check_area");

    auto* nav = new QHBoxLayout;
    nav->addWidget(prev_);
    nav->addWidget(set_, 1);
    nav->addWidget(next_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(chooser_);
    layout->addWidget(step_row_);
    layout->addWidget(scroll, 1);
    layout->addWidget(check_scroll);
    layout->addLayout(nav);

    connect(chooser_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i != exp_) emit experimentRequested(i);  // the window answers with setExperiment
    });
    connect(chooser_, &ExperimentChooser::shortenedChanged, heading_, &QLabel::setVisible);
    connect(set_, &QPushButton::clicked, this, [this] {
        if (const Step* s = step(); s && s->has_settings) emit applyScenario(s->settings);
    });
    connect(prev_, &QPushButton::clicked, this, [this] { if (step_ > 0) emit stepRequested(step_ - 1); });
    connect(next_, &QPushButton::clicked, this, [this] {
        if (exp_ >= 0 && step_ + 1 < static_cast<int>(experiments_[exp_].steps.size())) emit stepRequested(step_ + 1);
    });
    showStep();
}

void ExperimentPanel::fitTitleFont() {
    // Larger than the body whatever the application font (presentation
    // mode changes it after the panel is built).
    QFont tf = font();
    tf.setBold(true);
    tf.setPointSizeF(font().pointSizeF() * 1.2);
    title_->setFont(tf);
    QFont bold = font();
    bold.setBold(true);
    heading_->setFont(bold);
}

bool ExperimentPanel::eventFilter(QObject* watched, QEvent* e) {
    if (watched == step_row_ && e->type() == QEvent::Resize) refreshStepButtons();
    return QWidget::eventFilter(watched, e);
}

void ExperimentPanel::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange && title_) {
        fitTitleFont();
        refreshStepButtons();  // their widths follow the type
        if (follow_title_) showStepTitleAtTop();  // larger type (presenting) moves the title down
    }
}

// Presenting at 720 px, an experiment's introduction and a step's words
// rarely fit together; a lecturer on step 3 wants step 3's Set, Do, Watch
// and Why on the screen, not the introduction read at step 1 (it stays a
// scroll up).
void ExperimentPanel::showStepTitleAtTop() {
    if (!text_scroll_) return;
    follow_title_ = true;
    // After the labels' new heights are laid out (posted layout requests
    // come before a zero timer); the scroll area learns the text's new
    // height later still, and rangeChanged places it again then.
    QTimer::singleShot(0, this, [this] {
        if (follow_title_) placeStepTitle();
    });
}

void ExperimentPanel::placeStepTitle() {
    // A later step: its title at the top. The first: the introduction
    // above it as far as the step's own words (Set to Why, the text's
    // end) still fit below; where they do not, its title at the top too
    // (presenting at 720 px, step 1 showed the introduction and Set alone).
    // The introduction shown in part begins at the first line of a
    // sentence: stopped wherever the words' end put it, the guide opened
    // on half a line, "as the transfer speeds up (autotuning), so a"
    // (experiment 9). Where the words end too soon to scroll that far,
    // blank room under them (tail_pad_) makes the room.
    QScrollBar* bar = text_scroll_->verticalScrollBar();
    const int words_end = body_->geometry().bottom() + 1;
    const int natural_max = std::max(0, words_end - text_scroll_->viewport()->height());
    int top = 0;
    if (natural_max > 0) {
        top = step_ > 0 ? title_->y() : std::min(natural_max, title_->y());
        if (step_ == 0 && top > 0 && top < title_->y()) top = introSentenceAtOrBelow(top);
    }
    const int pad = std::max(0, top - natural_max);
    if (tail_pad_->height() != pad) tail_pad_->setFixedHeight(pad);  // the range follows (rangeChanged)
    bar->setValue(top);
}

int ExperimentPanel::introSentenceAtOrBelow(int y) const {
    // The intro's lines as its QLabel lays them out; a rich-text intro (the
    // label lays that out itself) keeps the title.
    if (Qt::mightBeRichText(intro_->text())) return title_->y();
    const QRect r = intro_->contentsRect();
    const int origin = intro_->y() + r.top();
    for (int line_top : sentence_line_tops(intro_->text(), intro_->font(), r.width()))
        if (origin + line_top >= y) return origin + line_top;
    return title_->y();
}

void ExperimentPanel::setExperiments(std::vector<Experiment> experiments, const QStringList& errors) {
    experiments_ = std::move(experiments);
    ticks_.clear();
    passed_.clear();
    for (const Experiment& e : experiments_) {
        ticks_.emplace_back(e.steps.size(), false);
        passed_.emplace_back(e.steps.size());
    }
    {
        const QSignalBlocker b(chooser_);
        chooser_->clear();
        for (const Experiment& e : experiments_) chooser_->addItem(q(e.title));
    }
    // The menu gives the first ten a shortcut on the number row (Ctrl+1 …
    // Ctrl+9, Ctrl+0).
    const int shortcuts = std::min<int>(10, static_cast<int>(experiments_.size()));
    chooser_->setToolTip(shortcuts == 10 ? tr("Guided experiments: Ctrl+1 … Ctrl+9, Ctrl+0")
                         : shortcuts > 1 ? tr("Guided experiments: Ctrl+1 … Ctrl+%1").arg(shortcuts)
                                         : tr("Guided experiments"));
    errors_->setText(errors.isEmpty() ? QString()
                                      : tr("Experiment files refused:\n%1").arg(errors.join('\n')));
    errors_->setVisible(!errors.isEmpty());
    exp_ = -1;
    if (!experiments_.empty()) setExperiment(0, 0);
    else showStep();
    // Shown, but not yet opened by the person: no run counts until the
    // window opens an experiment or a step (with the generation it began at).
    listening_ = false;
}

void ExperimentPanel::setExperiment(int index, quint64 generation, SnapshotPtr on_screen) {
    if (index < 0 || index >= static_cast<int>(experiments_.size())) return;
    exp_ = index;
    {
        const QSignalBlocker b(chooser_);
        chooser_->setCurrentIndex(index);
    }
    heading_->setText(shown(chooser_->currentText()));
    chooser_->refit();
    setStep(0, generation, std::move(on_screen));
}

void ExperimentPanel::setStep(int index, quint64 generation, SnapshotPtr on_screen) {
    if (exp_ < 0 || index < 0 || index >= static_cast<int>(experiments_[exp_].steps.size())) return;
    step_ = index;
    since_generation_ = generation;
    listening_ = true;
    runs_.clear();
    kernel_runs_.clear();
    detail_.clear();
    last_passed_ = false;
    if (on_screen && on_screen->done && on_screen->generation == generation && countsOpeningRun(on_screen)) {
        runs_.push_back(std::move(on_screen));
        evaluate();  // a sweep needs two runs at least: this one alone never ticks
    } else {
        showStep();
    }
    showStepTitleAtTop();
}

bool ExperimentPanel::countsOpeningRun(const SnapshotPtr& snap) const {
    const Step* s = step();
    if (!s || !s->check.across) return false;
    return !s->check.fixed || !differing_setting(*s->check.fixed, snap->result.scenario);
}

const Step* ExperimentPanel::step() const {
    if (exp_ < 0) return nullptr;
    return &experiments_[static_cast<std::size_t>(exp_)].steps[static_cast<std::size_t>(step_)];
}

bool ExperimentPanel::ticked(int s) const {
    if (exp_ < 0 || s < 0 || s >= static_cast<int>(ticks_[exp_].size())) return false;
    return ticks_[exp_][static_cast<std::size_t>(s)];
}

QString ExperimentPanel::checkDetail() const { return shown_detail_; }
QString ExperimentPanel::errorsText() const { return errors_->isVisible() ? errors_->text() : QString(); }

void ExperimentPanel::runFinished(SnapshotPtr snap) {
    if (!listening_ || !snap || !snap->done || !step()) return;
    // Runs requested after the step opened count; the one requested just
    // before counts for a sweep (the end of a drag begun before).
    if (snap->generation < since_generation_ ||
        (snap->generation == since_generation_ && !countsOpeningRun(snap)))
        return;
    if (!runs_.empty() && runs_.back()->generation == snap->generation) return;  // shown again (restyle)
    runs_.push_back(std::move(snap));
    if (runs_.size() > kMaxRuns) runs_.erase(runs_.begin());
    evaluate();
}

void ExperimentPanel::setKernelRefusal(KernelRefusal refusal) {
    kernel_refusal_ = std::move(refusal);
    if (step()) showStep();
}

void ExperimentPanel::kernelRunFinished(SnapshotPtr run) {
    const Step* s = step();
    if (!listening_ || !run || !s || !s->check.on_kernel) return;
    kernel_runs_.push_back(std::move(run));
    if (kernel_runs_.size() > kMaxRuns) kernel_runs_.erase(kernel_runs_.begin());
    evaluate();
}

void ExperimentPanel::evaluate() {
    const Step* s = step();
    if (!s) return;
    std::vector<const RunResult*> runs;
    for (const SnapshotPtr& r : s->check.on_kernel ? kernel_runs_ : runs_) runs.push_back(&r->result);
    if (runs.empty()) return;
    const CheckOutcome o = evaluate_check(s->check, runs);
    detail_ = q(o.detail);
    last_passed_ = o.passed;
    const auto i = static_cast<std::size_t>(step_);
    if (o.passed) passed_[exp_][i] = detail_;
    if (o.passed && !ticks_[exp_][i]) {
        ticks_[exp_][i] = true;
        emit stepTicked(step_);
    }
    showStep();
}

void ExperimentPanel::refreshStepButtons() {
    auto* layout = static_cast<QHBoxLayout*>(step_row_->layout());
    const int n = exp_ < 0 ? 0 : static_cast<int>(experiments_[exp_].steps.size());
    while (static_cast<int>(step_buttons_.size()) > n) {
        delete step_buttons_.back();
        step_buttons_.pop_back();
    }
    while (static_cast<int>(step_buttons_.size()) < n) {
        auto* b = new QToolButton(step_row_);
        const int i = static_cast<int>(step_buttons_.size());
        b->setCheckable(true);
        b->setAutoRaise(false);
        connect(b, &QToolButton::clicked, this, [this, i] { emit stepRequested(i); });
        layout->addWidget(b);
        step_buttons_.push_back(b);
    }
    // Every button one width, that of the widest ticked form, or an equal
    // share of the row where the row has less room (six steps presenting):
    // a button that grew by its ✔ moved every button of the row under the
    // student's pointer.
    int ticked_px = 0;
    for (int i = 0; i < n; ++i) {
        QToolButton* b = step_buttons_[static_cast<std::size_t>(i)];
        b->setText(QStringLiteral("%1 ✔").arg(i + 1));
        ticked_px = std::max(ticked_px, b->sizeHint().width());
    }
    const int row_px = step_row_->contentsRect().width();
    const int share_px = n > 0 ? (row_px - layout->spacing() * (n - 1)) / n : 0;
    const int button_px = row_px > 0 && share_px > 0 ? std::min(ticked_px, share_px) : ticked_px;
    for (int i = 0; i < n; ++i) {
        QToolButton* b = step_buttons_[static_cast<std::size_t>(i)];
        b->setFixedWidth(button_px);
        b->setText(ticked(i) ? QStringLiteral("%1 ✔").arg(i + 1) : QString::number(i + 1));
        b->setChecked(i == step_);
        b->setToolTip(q(experiments_[exp_].steps[static_cast<std::size_t>(i)].title));
    }
}

bool ExperimentPanel::holdsStep() const {
    const Step* s = step();
    if (!s || !s->has_settings) return true;
    return now_ && set_changes(*now_, s->settings).isEmpty();
}

void ExperimentPanel::setCurrent(const Scenario& now) {
    if (now_ && *now_ == now) return;
    now_ = now;
    if (const Step* st = step(); st && st->has_settings) showStep();
}

void ExperimentPanel::showStep() {
    refreshStepButtons();
    const Step* s = step();
    prev_->setEnabled(s && step_ > 0);
    next_->setEnabled(s && step_ + 1 < static_cast<int>(experiments_[exp_].steps.size()));
    set_->setEnabled(s && s->has_settings);
    if (!s) {
        intro_->setText(tr("No guided experiments are loaded."));
        title_->clear();
        body_->clear();
        check_->clear();
        tick_->clear();
        shown_detail_.clear();
        return;
    }
    const Experiment& e = experiments_[static_cast<std::size_t>(exp_)];
    intro_->setText(shown(e.intro));
    title_->setText(tr("Step %1 of %2 — %3").arg(step_ + 1).arg(e.steps.size()).arg(shown(s->title)));
    QString html;
    if (s->has_settings) html += para(tr("Set:"), s->set_text.empty() ? "press Set it" : s->set_text);
    if (s->has_settings && now_) {
        // Computed, so none is left out: the step's values and the defaults
        // for the rest replace whatever the controls hold. Nothing to say
        // (no line taken) once the controls hold the step.
        const QStringList changes = set_changes(*now_, s->settings);
        if (!changes.isEmpty())
            html += para(tr("Set it changes:"), changes.join(QStringLiteral(", ")).toStdString());
    }
    html += para(tr("Do:"), s->todo);
    html += para(tr("Watch:"), s->watch);
    html += para(tr("Why:"), s->why);
    body_->setText(html);
    const bool done = ticked(step_);
    if (done) {
        // What the passing run measured; a newer run that falls short is
        // said as what it is, never as "not yet" beside the tick.
        shown_detail_ = passed_[exp_][static_cast<std::size_t>(step_)];
        if (!detail_.isEmpty() && !last_passed_) {
            QString newest = detail_;
            if (newest.startsWith(QLatin1String("not yet: "))) newest.remove(0, 9);
            shown_detail_ += tr(" — by an earlier run; the newest: %1").arg(newest);
        }
    } else if (!detail_.isEmpty()) {
        shown_detail_ = detail_;
    } else if (s->check.on_kernel) {
        // The kernel's run is the student's to start; where it cannot
        // start, the reason, and that the model's steps do not need it.
        const std::optional<QString> refused =
            kernel_refusal_ ? kernel_refusal_(s->settings) : std::optional<QString>(tr("no kernel runner"));
        shown_detail_ = refused ? tr("this computer cannot run it (%1); the model's steps do not need it")
                                      .arg(*refused)
                                : tr("waiting for a kernel run: press Set it, then Ctrl+K (View ▸ Run on this "
                                     "computer's kernel)");
    } else {
        // No run counted yet: how to make one (a step that only asks to
        // look at a run still needs a run made with it open).
        shown_detail_ = s->has_settings ? tr("waiting for a run: press Set it to make one")
                                        : tr("waiting for a run: change a control to make one");
    }
    // A tick and a word, never a colour alone.
    tick_->setText(done ? QStringLiteral("✔") : QStringLiteral("○"));
    tick_->setStyleSheet(done ? "color: #009E73; font-weight: bold;" : "color: palette(placeholder-text);");
    check_->setText(QStringLiteral("<b>%1</b> %2<br><i>%3</i>")
                        .arg(done ? tr("Done:") : tr("Check:"), shown(s->check.text).toHtmlEscaped(),
                             shown(shown_detail_).toHtmlEscaped()));
}

}  // namespace inflight::ui
