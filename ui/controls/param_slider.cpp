#include "ui/controls/param_slider.h"

#include <QGridLayout>
#include <algorithm>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QStackedWidget>

#include "ui/controls/field_error.h"

namespace inflight::ui {

ParamSlider::ParamSlider(const QString& title, Quantity quantity, ValueLadder ladder, double min,
                         double max, const QString& tooltip, QWidget* parent)
    : QWidget(parent), quantity_(quantity), ladder_(std::move(ladder)), min_(min), max_(max) {
    auto* label = new QLabel(title, this);
    slider_ = new StopSlider(this);
    slider_->setRange(0, static_cast<int>(ladder_.size()) - 1);
    slider_->setSingleStep(1);
    slider_->setPageStep(ladder_.page_step());
    slider_->setFocusPolicy(Qt::StrongFocus);
    slider_->setAccessibleName(title);
    edit_ = new QLineEdit(this);
    edit_->setAlignment(Qt::AlignRight);
    edit_->setMaximumWidth(110);
    edit_->setAccessibleName(title + tr(" value"));
    label->setBuddy(edit_);
    note_ = new QLabel(this);
    note_->setObjectName("note");
    note_->setVisible(false);
    // A refusal takes the slider's row, which is always as high as its one
    // line (the stack's height is its tallest page's): nothing below moves
    // and nothing is covered. The slider is back with the value.
    error_ = new FieldError(this);
    slider_row_ = new QStackedWidget(this);
    slider_row_->addWidget(slider_);
    slider_row_->addWidget(error_);
    slider_row_->setCurrentWidget(slider_);
    edit_->installEventFilter(this);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setVerticalSpacing(1);
    grid->addWidget(label, 0, 0);
    grid->addWidget(edit_, 0, 1);
    grid->addWidget(slider_row_, 1, 0, 1, 2);
    grid->addWidget(note_, 2, 0, 1, 2);
    grid->setColumnStretch(0, 1);

    for (QWidget* w : {static_cast<QWidget*>(label), static_cast<QWidget*>(slider_),
                       static_cast<QWidget*>(edit_)})
        w->setToolTip(tooltip);

    connect(slider_, &QSlider::valueChanged, this, &ParamSlider::onSliderMoved);
    connect(edit_, &QLineEdit::editingFinished, this, &ParamSlider::onEditFinished);
    connect(edit_, &QLineEdit::textEdited, this, [this] {
        if (hasError()) showError({});
    });
}

void ParamSlider::setValue(double v) {
    value_ = v;
    const QSignalBlocker block(slider_);
    slider_->setValue(static_cast<int>(ladder_.nearest(v)));
    showValue();
}

void ParamSlider::addNote(double v, const QString& note) {
    notes_[v] = note;
    addStop(v);
}

void ParamSlider::addStop(double v) {
    if (std::find(stops_.begin(), stops_.end(), v) == stops_.end()) stops_.push_back(v);
    refreshMarks();
}

void ParamSlider::setStepStops(const std::vector<double>& values) {
    if (values == step_stops_) return;
    step_stops_ = values;
    refreshMarks();
}

void ParamSlider::refreshMarks() {
    for (double v : stops_) ladder_.insert(v);
    for (double v : step_stops_) ladder_.insert(v);
    const QSignalBlocker block(slider_);
    slider_->setRange(0, static_cast<int>(ladder_.size()) - 1);
    slider_->setValue(static_cast<int>(ladder_.nearest(value_)));
    // Each stop's tick, at its rung on the ladder as it now is.
    std::vector<int> marks;
    for (const std::vector<double>* list : {&stops_, &step_stops_})
        for (double s : *list) marks.push_back(static_cast<int>(ladder_.nearest(s)));
    slider_->setMarks(std::move(marks));
    showValue();
}

void ParamSlider::addHint(double v, const QString& hint) {
    notes_[v] = hint;
    showValue();
}

bool ParamSlider::hasError() const { return slider_row_->currentWidget() == error_; }
QString ParamSlider::errorText() const { return hasError() ? error_->message() : QString(); }
QString ParamSlider::errorShown() const { return hasError() ? error_->shown() : QString(); }

bool ParamSlider::eventFilter(QObject* watched, QEvent* e) {
    if (watched == edit_ && e->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(e)->key() == Qt::Key_Escape) {
        showValue();  // the previous value, and no error
        edit_->selectAll();
        return true;
    }
    return QWidget::eventFilter(watched, e);
}

void ParamSlider::onSliderMoved(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= ladder_.size()) return;
    value_ = ladder_.at(static_cast<std::size_t>(index));
    showValue();
    emit valueChanged(value_);
}

void ParamSlider::onEditFinished() {
    const std::string text = edit_->text().toStdString();
    std::string why;
    const auto parsed = parse_value(quantity_, text, &why);
    const QString range = tr("allowed: %1 – %2")
                              .arg(QString::fromStdString(format_value(quantity_, min_)),
                                   QString::fromStdString(format_value(quantity_, max_)));
    const QString note = range_note_.isEmpty() ? QString() : QStringLiteral(" — ") + range_note_;
    const QString lo = QString::fromStdString(format_value(quantity_, min_));
    const QString hi = QString::fromStdString(format_value(quantity_, max_));
    // Each refusal in forms from the whole message down to a few words
    // (FieldError shows the longest that fits the column).
    if (!parsed) {
        // "-5 ms" is understood, only below the range.
        const QString t = edit_->text().trimmed();
        if (t.startsWith(QLatin1Char('-')) && parse_value(quantity_, t.mid(1).toStdString()))
            showError({tr("“%1” is out of range: a negative value; %2").arg(t, range),
                       tr("%1 is below %2").arg(t, lo), tr("below %1").arg(lo), tr("too low")});
        else
            showError({tr("“%1” is not understood; %2").arg(edit_->text(), range),
                       tr("not understood; use %1 – %2").arg(lo, hi), tr("not understood")});
        return;
    }
    const double v = *parsed;
    const bool zero_ok = quantity_ == Quantity::LossFraction && v == 0;
    if (!zero_ok && !(v >= min_ * (1 - 1e-9) && v <= max_ * (1 + 1e-9))) {
        const QString typed = QString::fromStdString(format_value(quantity_, v));
        const bool high = v > max_;
        showError({tr("%1 is out of range; %2%3").arg(typed, range, high ? note : QString()),
                   tr("%1 is out of range; %2").arg(typed, range),
                   high ? tr("%1 is above %2").arg(typed, hi) : tr("%1 is below %2").arg(typed, lo),
                   high ? tr("above %1").arg(hi) : tr("below %1").arg(lo), tr("out of range")});
        return;
    }
    showError({});
    if (v == value_) { showValue(); return; }
    setValue(v);
    emit valueChanged(value_);
}

void ParamSlider::showValue() {
    edit_->setText(QString::fromStdString(format_value(quantity_, value_)));
    auto it = notes_.find(value_);
    note_->setVisible(it != notes_.end());
    if (it != notes_.end()) note_->setText(it->second);
    showError({});
}

void ParamSlider::showError(const QStringList& forms) {
    const QString text = forms.isEmpty() ? QString() : forms.front();
    error_->setForms(forms);
    slider_row_->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(slider_) : error_);
    edit_->setToolTip(text.isEmpty() ? slider_->toolTip() : text);
    // The red frame is a style sheet, whose box is 2 px lower than the
    // style's own frame: the box keeps its height while it is red.
    const bool red = !edit_->styleSheet().isEmpty();
    if (!text.isEmpty() && !red) {
        edit_->setFixedHeight(edit_->height() > 0 && edit_->isVisible() ? edit_->height() : edit_->sizeHint().height());
        edit_->setStyleSheet(QStringLiteral("border: 2px solid #d0312d;"));
    } else if (text.isEmpty() && red) {
        edit_->setStyleSheet(QString());
        edit_->setMinimumHeight(0);
        edit_->setMaximumHeight(QWIDGETSIZE_MAX);
    }
}

}  // namespace inflight::ui
