// The strip under the panels that drives the playhead once a run has
// finished: play/pause, speed (0.1×–10× of real time), a time slider, jumps
// to the previous/next event, and a readout of the trace sample under the
// cursor (cwnd, in flight, RTT, queue, state, limit): each value as it was
// at that instant where that is known, else the span the sample covers
// ("cwnd 4–1,336 pkts"), never the sample's largest value as if it were
// the instant's. The readout sits
// beside the slider where its longest text fits in two lines, else on a row
// of its own under it: it is never cut short.
#pragma once

#include <QWidget>

#include "ui/session/run_snapshot.h"

class QComboBox;
class QGridLayout;
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
    // Whether the readout has a row of its own under the buttons (a narrow bar).
    bool readoutBelow() const { return readout_below_; }
    QString longestReadout() const;

public slots:
    void nextEvent();
    void previousEvent();

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitReadoutFont();
    void chooseLayout();
    void placeReadout(bool below);
    void showTime(double t_s);

    Playhead* playhead_;
    SnapshotPtr snap_;
    QToolButton* play_;
    QToolButton* prev_event_;
    QToolButton* next_event_;
    QComboBox* speed_;
    QSlider* slider_;
    TextStrip* readout_ = nullptr;
    QGridLayout* grid_ = nullptr;
    bool readout_below_ = false;
    bool updating_ = false;
};

}  // namespace inflight::ui
