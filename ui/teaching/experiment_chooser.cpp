#include "ui/teaching/experiment_chooser.h"

#include <QEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace inflight::ui {

ExperimentChooser::ExperimentChooser(QWidget* parent) : QComboBox(parent) {
    // Its width comes from the guide, not from its longest title.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(12);
    connect(this, &QComboBox::currentIndexChanged, this, [this] { refit(); });
}

int ExperimentChooser::fieldWidth() const {
    QStyleOptionComboBox o;
    initStyleOption(&o);
    return style()->subControlRect(QStyle::CC_ComboBox, &o, QStyle::SC_ComboBoxEditField, this).width();
}

QString ExperimentChooser::shownText() const {
    if (!shortened_) return currentText();
    return tr("Experiment %1 of %2").arg(currentIndex() + 1).arg(count());
}

void ExperimentChooser::refit() {
    const bool s = currentIndex() >= 0 && fontMetrics().horizontalAdvance(currentText()) > fieldWidth();
    if (s == shortened_) return;
    shortened_ = s;
    update();
    emit shortenedChanged(s);
}

void ExperimentChooser::paintEvent(QPaintEvent*) {
    QStylePainter p(this);
    QStyleOptionComboBox o;
    initStyleOption(&o);
    o.currentText = shownText();
    p.drawComplexControl(QStyle::CC_ComboBox, o);
    p.drawControl(QStyle::CE_ComboBoxLabel, o);
}

void ExperimentChooser::resizeEvent(QResizeEvent* e) {
    QComboBox::resizeEvent(e);
    refit();
}

void ExperimentChooser::changeEvent(QEvent* e) {
    QComboBox::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) refit();
}

}  // namespace inflight::ui
