// A short line over the window's foot, gone after a few seconds: what the
// status bar says in the normal look, said while presenting (where the
// status bar is hidden and a lecturer's key would otherwise seem to do
// nothing: "Step 2 done", "the dark look follows when the presentation
// ends"). White on near-black, in the window's type, so it reads on the
// presentation's white and from the back of a room; it follows the
// window's size and never takes a click.
#pragma once

#include <QLabel>
#include <QTimer>

namespace inflight::ui {

class Notice : public QLabel {
    Q_OBJECT
public:
    explicit Notice(QWidget* window);
    // Shows `text` for `ms` milliseconds (a newer line replaces it).
    void say(const QString& text, int ms);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void place();  // centred over the window's foot, at most 80% of its width
    QTimer hide_timer_;
};

}  // namespace inflight::ui
