// Replaying a finished run: a clock that runs from 0 to the run's duration
// at 0.1×–10× of real time (simulated seconds per wall second), which the
// panels follow with a cursor. Also finds the trace sample at a time.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "model/core/result.h"

namespace inflight::ui {

class Playhead : public QObject {
    Q_OBJECT
public:
    static constexpr double kMinSpeed = 0.1, kMaxSpeed = 10;
    static constexpr int kTickMs = 33;  // ≈ 30 Hz, like the dashboard's frames

    explicit Playhead(QObject* parent = nullptr);

    // A new finished run of `duration_s` (or 0: none): stops, no cursor.
    void setDuration(double duration_s);
    double duration() const { return duration_s_; }
    bool ready() const { return duration_s_ > 0; }
    // Whether a cursor is shown (after a seek or play, until the next run).
    bool engaged() const { return engaged_; }
    double time() const { return t_s_; }
    bool playing() const { return timer_.isActive(); }
    double speed() const { return speed_; }

public slots:
    void setSpeed(double speed);  // clamped to [kMinSpeed, kMaxSpeed]
    void seek(double t_s);
    void play();
    void pause();
    void toggle();

signals:
    void timeChanged(double t_s);
    void playingChanged(bool playing);
    void disengaged();

private:
    void tick();

    QTimer timer_;
    QElapsedTimer wall_;
    double duration_s_ = 0, t_s_ = 0, speed_ = 1;
    bool engaged_ = false;
};

// The index of the trace bucket covering t (the last one starting at or
// before t), or -1 for an empty trace.
int bucket_index_at(const Trace& trace, double t_s);

}  // namespace inflight::ui
