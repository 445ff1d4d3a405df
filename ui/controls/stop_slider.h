// A slider that marks its stops: a short tick under the groove at each rung
// a guided step or a caption names ("stop on the way at 80 ms, 160 ms and
// 320 ms", the rwnd slider's "64 KB — no window scaling" notch), so a step
// that says "drag to the notch" points at something the student can see.
// The ticks sit where the handle's centre is at that rung.
#pragma once

#include <QSlider>
#include <vector>

namespace inflight::ui {

class StopSlider : public QSlider {
    Q_OBJECT
public:
    explicit StopSlider(QWidget* parent = nullptr) : QSlider(Qt::Horizontal, parent) {}

    // The slider positions (rungs) to mark.
    void setMarks(std::vector<int> positions);
    const std::vector<int>& marks() const { return marks_; }
    // Where the handle's centre is at `position`, in the slider's coordinates.
    int centreX(int position) const;
    // The tick's rows: the bottom few pixels under the groove.
    static constexpr int kTickPx = 4;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    std::vector<int> marks_;
};

}  // namespace inflight::ui
