#include "ui/lesson/playhead.h"

#include <algorithm>

namespace inflight::ui {

Playhead::Playhead(QObject* parent) : QObject(parent) {
    timer_.setInterval(kTickMs);
    connect(&timer_, &QTimer::timeout, this, &Playhead::tick);
}

void Playhead::setDuration(double duration_s) {
    pause();
    duration_s_ = std::max(0.0, duration_s);
    t_s_ = 0;
    if (engaged_) {
        engaged_ = false;
        emit disengaged();
    }
}

void Playhead::setSpeed(double speed) { speed_ = std::clamp(speed, kMinSpeed, kMaxSpeed); }

void Playhead::seek(double t_s) {
    if (!ready()) return;
    t_s_ = std::clamp(t_s, 0.0, duration_s_);
    engaged_ = true;
    emit timeChanged(t_s_);
}

void Playhead::play() {
    if (!ready() || playing()) return;
    if (t_s_ >= duration_s_) t_s_ = 0;  // from the start again
    engaged_ = true;
    wall_.start();
    timer_.start();
    emit timeChanged(t_s_);
    emit playingChanged(true);
}

void Playhead::pause() {
    if (!playing()) return;
    timer_.stop();
    emit playingChanged(false);
}

void Playhead::toggle() { playing() ? pause() : play(); }

void Playhead::tick() {
    // Simulated time advances by wall time × speed, however late the timer fires.
    const double wall_s = static_cast<double>(wall_.nsecsElapsed()) * 1e-9;
    wall_.restart();
    t_s_ = std::min(duration_s_, t_s_ + wall_s * speed_);
    emit timeChanged(t_s_);
    if (t_s_ >= duration_s_) pause();
}

int bucket_index_at(const Trace& trace, double t_s) {
    const auto& b = trace.buckets;
    if (b.empty()) return -1;
    const auto it = std::upper_bound(b.begin(), b.end(), t_s,
                                     [](double t, const TraceBucket& x) { return t < x.t_start_s; });
    return it == b.begin() ? 0 : static_cast<int>(it - b.begin()) - 1;
}

}  // namespace inflight::ui
