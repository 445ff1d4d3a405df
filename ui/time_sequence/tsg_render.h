// The time–sequence graph as a figure (`inflight capture FILE --tsg`,
// `inflight run --tsg`): a title line naming the connection, the chart
// (tsg_chart.h) with its key, and a line of counts — laid out offscreen at
// the figure's size as the dashboard's figure is (figure_layout.h: the
// same sizes, body text in pixels fixed by the figure), PNG at exactly the
// asked size or SVG with the plot clipped. No display needed.
#pragma once

#include <QString>
#include <QWidget>
#include <optional>
#include <string>

#include "app/capture/time_sequence.h"
#include "model/core/scenario.h"
#include "ui/export/figure_layout.h"
#include "ui/time_sequence/tsg_chart.h"

class QLabel;

namespace inflight::ui {

// "1,234 segments · 12 retransmissions · 40 SACK blocks · final ACK 24.1 MB",
// then the window note when the window line is left out.
QString time_sequence_counts(const capture::TimeSequence& g);

class TimeSequenceFigure : public QWidget {
    Q_OBJECT
public:
    // `caption`: the scenario's line (figure_caption) or the capture's summary.
    TimeSequenceFigure(TimeSequencePtr graph, const QString& title, const QString& caption,
                       const FigureOptions& options);
    TimeSequenceChart* chart() const { return chart_; }
    QImage toImage();
    QByteArray toSvg();

private:
    FigureOptions options_;
    FigureGeometry geometry_;
    QString title_;
    TimeSequenceChart* chart_;
};

// The figure written to `path` (SVG if it ends in .svg, else PNG),
// checked first and written atomically: an error line naming the path, or
// nothing.
std::optional<QString> save_time_sequence_figure(TimeSequencePtr graph, const QString& title, const QString& caption,
                                                 const QString& path, const FigureOptions& options);

// For the command line (app/main hands it over): makes its own
// QApplication if none exists. `scenario`: the model run's, for the
// caption (nullptr for a capture, whose `caption` is given). Returns 0, or
// non-zero with one line in *error.
int render_time_sequence(const capture::TimeSequence& graph, const std::string& title, const Scenario* scenario,
                         const std::string& caption, const std::string& path, int width, int height,
                         bool presentation, std::string* error);

}  // namespace inflight::ui
