// The guide's choice of experiment: a combo box whose popup lists every
// title whole and whose face shows the current title when it fits, and
// "Experiment 3 of 7" when it does not (a narrow guide, the presentation
// look's larger type). The panel then shows the title, wrapped, beneath it
// (shortenedChanged), so no title is ever cut short.
#pragma once

#include <QComboBox>

namespace inflight::ui {

class ExperimentChooser : public QComboBox {
    Q_OBJECT
    Q_PROPERTY(QString shownText READ shownText)
public:
    explicit ExperimentChooser(QWidget* parent = nullptr);

    // What the face shows: the current title, or "Experiment N of M".
    QString shownText() const;
    bool shortened() const { return shortened_; }
    // Decides again whether the title fits (after a change made with the
    // signals blocked; resizes and font changes decide by themselves).
    void refit();

signals:
    void shortenedChanged(bool shortened);

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    int fieldWidth() const;

    bool shortened_ = false;
};

}  // namespace inflight::ui
