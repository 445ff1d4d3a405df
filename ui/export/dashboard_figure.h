// The dashboard as a figure (`inflight run --png/--svg`, File ▸ Export image
// of the whole dashboard): a Dashboard of its own, offscreen, laid out for
// the figure's size (figure_layout.h) with the same panels and charts the
// window shows, then fitted:
//   - fonts in pixels fixed by the figure (the panels' own proportions
//     kept), so the user's screen and DPI change nothing;
//   - every text measured against its room: a line that would be elided
//     gets a smaller font (down to a floor), a chart whose ticks, titles
//     or legend would be elided gets smaller chart fonts, then its legend
//     at the side; what still does not fit is listed by misfits();
//   - the event log as a figure: no filter, no scroll bars, whole rows
//     (long texts wrap), as many as fit, then "+M more events"; only the
//     counters when not even two rows fit;
//   - a caption line naming the scenario (figure_caption()).
// PNG at exactly the asked size (× scale); SVG with each plot area clipped.
#pragma once

#include <QImage>
#include <QStringList>
#include <QWidget>
#include <optional>

#include "ui/export/figure_layout.h"
#include "ui/session/run_snapshot.h"

class QLabel;
class QTableView;

namespace inflight::ui {

class Dashboard;

class DashboardFigure : public QWidget {
    Q_OBJECT
public:
    // `run` must be a finished run. `theory`: the theory overlay, as the
    // window shows it. Needs a QApplication; never shown on a screen.
    DashboardFigure(SnapshotPtr run, const FigureOptions& options, bool theory = false);

    const FigureOptions& options() const { return options_; }
    const FigureGeometry& layoutGeometry() const { return geometry_; }
    Dashboard* dashboard() const { return dash_; }
    QString caption() const;
    // "where: text" for every text shown that does not fit its room; empty
    // when the figure is clean.
    QStringList misfits() const;
    // The event log: rows shown, events left out ("+M more").
    int eventRowsShown() const { return rows_shown_; }
    int eventsLeftOut() const { return rows_left_out_; }

    // options().size × options().scale pixels exactly.
    QImage toImage();
    QByteArray toSvg();

private:
    void arrangePanels();
    void prepareEventLog();
    void fitTexts();
    void fitCharts();
    void fitEventLog();
    void fitCaption();

    SnapshotPtr run_;
    FigureOptions options_;
    FigureGeometry geometry_;
    Dashboard* dash_;
    QLabel* caption_;
    QLabel* more_ = nullptr;    // "+M more events", under the event table
    QTableView* events_table_ = nullptr;
    int rows_shown_ = 0;
    int rows_left_out_ = 0;
};

// The figure of `run` written to `path`: SVG if it ends in .svg, else PNG.
// The path is checked before anything is drawn; the file is written
// atomically. An error line naming the path, or nothing.
std::optional<QString> save_figure(SnapshotPtr run, const QString& path, const FigureOptions& options,
                                   bool theory = false);

// The texts a painted SVG shows (the contents of its <text> elements).
QStringList svg_texts(const QByteArray& svg);

}  // namespace inflight::ui
