// One parameter: a title, a slider over a ValueLadder (log-scaled where the
// range spans decades), and the value with its unit as editable text. A typed
// value outside [min, max] is refused in place: the box turns red and one
// line saying why (field_error.h) takes the slider's row until the value
// is good or Escape puts it back. The row is always as high as that line,
// so nothing below moves (a message under the slider pushed the next field
// away from a click aimed at it) and nothing is covered; the box keeps its
// height. Nothing is emitted.
#pragma once

#include <QWidget>
#include <map>
#include <vector>

#include "ui/lesson/value_ladder.h"
#include "ui/lesson/value_text.h"

#include "ui/controls/stop_slider.h"

class QLabel;
class QLineEdit;
class QStackedWidget;

namespace inflight::ui {

class FieldError;

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
    // A rung at `v` (a value a guided step asks the student to stop at),
    // kept in order and marked under the slider; the value shown does not
    // change.
    void addStop(double v);
    // The rungs the guided step on screen names (its sweep's ends and
    // stops), marked under the slider in place of the last step's: a rung
    // stays on the ladder, its mark goes with its step. Empty: none.
    void setStepStops(const std::vector<double>& values);
    const ValueLadder& ladder() const { return ladder_; }
    // A caption shown while the value equals `v` exactly, which is not a
    // stop of the slider (what "64 KB" typed means, beside the notch).
    void addHint(double v, const QString& hint);

    StopSlider* slider() const { return slider_; }
    QLineEdit* edit() const { return edit_; }
    bool hasError() const;
    QString errorText() const;   // the whole message (the line's tooltip)
    QString errorShown() const;  // the form shown in the slider's row
    // Why the range stops where it does, added to the out-of-range message.
    void setRangeNote(const QString& note) { range_note_ = note; }

signals:
    void valueChanged(double v);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void onSliderMoved(int index);
    void onEditFinished();
    void showValue();
    void showError(const QStringList& forms);  // longest first; empty: none

    Quantity quantity_;
    ValueLadder ladder_;
    double min_, max_;
    double value_ = 0;
    std::map<double, QString> notes_;  // stops of the slider, and hints that are not
    std::vector<double> stops_;        // the values marked under the slider for good (addStop)
    std::vector<double> step_stops_;   // and those the step on screen names (setStepStops)
    void refreshMarks();
    QString range_note_;
    StopSlider* slider_;
    QLineEdit* edit_;
    QLabel* note_;
    QStackedWidget* slider_row_;  // the slider, or the refusal in its place
    FieldError* error_;
    bool updating_ = false;
};

}  // namespace inflight::ui
