// One parameter: a title, a slider over a ValueLadder (log-scaled where the
// range spans decades), and the value with its unit as editable text. A typed
// value outside [min, max] is refused in place: the text turns red and the
// allowed range is shown; nothing is emitted.
#pragma once

#include <QWidget>
#include <map>

#include "lesson/value_ladder.h"
#include "lesson/value_text.h"

class QLabel;
class QLineEdit;
class QSlider;

namespace inflight::ui {

class ParamSlider : public QWidget {
    Q_OBJECT
public:
    ParamSlider(const QString& title, Quantity quantity, ValueLadder ladder, double min, double max,
                const QString& tooltip, QWidget* parent = nullptr);

    double value() const { return value_; }
    // Sets the value without emitting valueChanged.
    void setValue(double v);
    // A caption shown under the slider while the value equals `v` exactly
    // (the rwnd notch: "64 KB — no window scaling").
    void addNote(double v, const QString& note);

    QSlider* slider() const { return slider_; }
    QLineEdit* edit() const { return edit_; }
    bool hasError() const;

signals:
    void valueChanged(double v);

private:
    void onSliderMoved(int index);
    void onEditFinished();
    void showValue();
    void showError(const QString& text);

    Quantity quantity_;
    ValueLadder ladder_;
    double min_, max_;
    double value_ = 0;
    std::map<double, QString> notes_;
    QSlider* slider_;
    QLineEdit* edit_;
    QLabel* note_;
    QLabel* error_;
    bool updating_ = false;
};

}  // namespace inflight::ui
