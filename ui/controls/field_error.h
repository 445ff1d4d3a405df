// A refused value's message on one line, in a row the control always has
// room for: it never moves the controls below (a message that pushed them
// down by its height moved the field a second click was aimed at). It
// shows the longest of its forms that fits its width — "“abc” is not
// understood; allowed: 1 Mbit/s – 10 Gbit/s", else "not understood; use
// 1 Mbit/s – 10 Gbit/s", else "not understood" — and says the first, the
// whole message, in its tooltip and to a screen reader.
#pragma once

#include <QLabel>
#include <QStringList>

namespace inflight::ui {

class FieldError : public QLabel {
    Q_OBJECT
public:
    explicit FieldError(QWidget* parent = nullptr);
    // The message's forms, longest first; empty: no message.
    void setForms(QStringList forms);
    QString message() const { return forms_.isEmpty() ? QString() : forms_.front(); }
    // The form shown at the present width (the last, elided, if none fits).
    QString shown() const { return text(); }
    // One line of text in its frame.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void fit();
    int textRoom() const;  // the width inside the frame and padding
    QStringList forms_;
};

}  // namespace inflight::ui
