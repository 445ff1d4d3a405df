// The strip under the panels that drives the playhead once a run has
// finished: play/pause, speed (0.1×–10× of real time), a time slider, jumps
// to the previous/next event, and a readout of the trace sample under the
// cursor (cwnd, in flight, RTT, queue, state, limit).
#pragma once

#include <QWidget>

#include "session/run_snapshot.h"

class QComboBox;
class QSlider;
class QToolButton;

namespace inflight::ui {

class Playhead;
class TextStrip;

class PlaybackBar : public QWidget {
    Q_OBJECT
public:
    explicit PlaybackBar(Playhead* playhead, QWidget* parent = nullptr);

    // The run the playhead replays (a finished one), or null.
    void setSnapshot(SnapshotPtr snap);
    QString readoutText() const;
    QComboBox* speedBox() const { return speed_; }
    QToolButton* playButton() const { return play_; }

public slots:
    void nextEvent();
    void previousEvent();

protected:
    void changeEvent(QEvent* e) override;

private:
    void fitReadoutFont();
    void showTime(double t_s);

    Playhead* playhead_;
    SnapshotPtr snap_;
    QToolButton* play_;
    QToolButton* prev_event_;
    QToolButton* next_event_;
    QComboBox* speed_;
    QSlider* slider_;
    TextStrip* readout_ = nullptr;
    bool updating_ = false;
};

}  // namespace inflight::ui
