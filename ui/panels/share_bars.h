// One bar per flow, in the flow's colour, for its share of the aggregate
// throughput, against the fair share: a dashed marker at 1/n of the
// aggregate among the n TCP bulk flows. Every
// bar is drawn on one scale (its length ∝ the share), so bars compare by
// length as well as by the figure beside them. A flow that is not bulk has
// no bar (its share of the bytes says nothing about it): a ping's row says
// how long it waits, a transfer's how long it takes, a request/response
// flow's how long a transaction takes.
//
// Up to kMaxRows flows get a row each in two columns, kMaxRowsOneColumn in
// one; the rest are "+ 8 more" at the end of the heading line, whose
// tooltip lists them (or on the last row, when the heading line would
// leave the fair share's name too little room). With more than four rows they go into two
// columns when the width allows — with the full names, or else the short
// ones (the flow's number, as the charts' keys have it) — so eight flows
// stay eight readable bars at 1280×720 in the presentation look too. A name
// too long for its room is drawn elided, and the row's tooltip (and the
// widget's) says it whole. Rows with a bar keep 55% of the column for it
// and its value; rows of a figure alone only their shortest figure, so a
// label such as "write-write-read" is read whole while "42 ms = 42 RTT"
// gives way to "42 ms".
// A second run's shares (the kernel's, measured beside the model) can be
// laid over the bars: a short upright stroke per flow at that share, in the
// overlay's colour, named at the heading's end and in each row's tooltip.
// A row of a figure alone takes that run's own figure instead, after its
// own and in the overlay's colour ("81.6 ms = 2 RTT  ┃ 82.4 ms"): the
// heading names the overlay only above rows that show it.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <vector>

#include "ui/panels/chart_style.h"

namespace inflight::ui {

struct ShareRow {
    QString name;          // "BBR", "flow 3 (CUBIC)", "video call"
    QString short_name;    // for two columns: "3", or the user's label (empty: name)
    int flow = 0;          // index into the scenario's flows: the colour
    bool figure_only = false;  // no bar: `value` says the flow's figure (a ping's
                               // wait, a transfer's completion time, a transaction's latency)
    bool bulk = true;      // the fair-share marker applies
    double share = 0;      // of the aggregate (TCP flows)
    QString value;         // beside the bar: "62 %"; for a ping "waits 187 ms (base RTT 20 ms)"
    QString value_short;   // a ping's when `value` does not fit: "waits 187 ms"
    QString value_tiny;    // when `value_short` does not fit either: "81.6 ms" for "81.6 ms = 2 RTT"
    QString detail;        // the row's tooltip: everything about the flow
};

class ShareBars : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxRows = 8;
    // A single column (a narrow panel: the guide open in the presentation
    // look) keeps to five rows, so ten streams leave the chart its height.
    static constexpr int kMaxRowsOneColumn = 5;

    explicit ShareBars(QWidget* parent = nullptr);

    // `fair`: the fair share (0: no marker); `heading`: the line above the
    // bars ("share of 48.7 Mbit/s"); `tiny_heading`: the line above rows
    // that show their tiny figures (the time alone, where the heading
    // promises round trips; empty: the heading). A heading too long for
    // the line becomes "share", or "time" above rows of figures alone,
    // before the marker's name is cut from "fair share" to "fair".
    void setRows(std::vector<ShareRow> rows, double fair, const QString& heading,
                 const QString& tiny_heading = {});
    void restyle(const ChartStyle& style);
    // Another run's share per flow index (NaN: none), drawn over the bars
    // as strokes in `colour`, and its figure per flow index for the rows of
    // a figure alone ("82.4 ms"; empty: none); empty vectors remove them.
    void setOverlayShares(std::vector<double> shares, const QString& label, const QColor& colour,
                          std::vector<QString> figures = {});
    const std::vector<double>& overlayShares() const { return overlay_shares_; }
    // The x of the overlay's stroke in row r, NaN without one.
    double overlayMarkerX(int r) const;
    // The overlay's figure drawn after row r's own, empty without one.
    QString overlayFigure(int r) const;

    // For tests and tooltips: what is shown.
    int flowRows() const;                 // rows with one flow each
    bool grouped() const { return static_cast<int>(rows_.size()) > flowRows(); }
    QString moreText() const;             // "+ 8 more", or empty
    // The "+ N more" on a row of its own, in the last row's place, rather
    // than at the heading's end (which then keeps "share  ┆ fair share").
    bool moreOnItsRow() const { return more_on_row_; }
    QRectF moreRect() const;              // where the "+ N more" is drawn
    QString moreToolTip() const;
    QString heading() const { return heading_; }
    const std::vector<ShareRow>& rows() const { return rows_; }
    // The bar of row r (0-based, r < flowRows()) in widget coordinates; its
    // width is the share at pxPerShare().
    QRectF barRect(int r) const;
    // A figure-only row's text as drawn at the present width: its value, or
    // the shorter ones when that does not fit. Every row shows the same
    // form (the longest that fits in all of them), so rows read alike.
    QString shownFigure(int r) const;
    // The form every figure-only row shows: 0 the value, 1 the short, 2 the tiny.
    int figureForm() const;
    // The heading as drawn at the present width.
    QString shownHeading() const;
    double pxPerShare() const;
    // The fair-share marker's x in the column of row r, NaN without one.
    double fairMarkerX(int r) const;
    double fair() const { return fair_; }
    int columns() const { return columns_; }
    int rowHeight() const;  // the heading's and each row's
    QString rowToolTip(int r) const;
    // Row r's name as drawn (elided when its room is short) and its room,
    // right of the swatch.
    QString drawnName(int r) const;
    QRectF nameRect(int r) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    struct Geometry {
        QRectF name, track, value;  // of one row
    };
    int shownRows() const;  // the flow rows
    int slotCount() const;      // the flow rows and the group's row, if it has one
    QString moreTextFor(int shown) const;
    bool moreNeedsItsRow() const;
    int columnsFor(int width, bool* short_names) const;
    // The rows with a bar of their own when laid out in `columns` columns.
    int rowsIn(int columns) const;
    int nameWidth(bool short_names, double column_width, int rows) const;
    QString shownName(const ShareRow& r) const;
    QRectF figureRoom(int r) const;  // where a figure-only row's text goes
    int valueWidth(int rows) const;
    Geometry geometry(int r) const;
    double scaleTop() const;
    void fixHeight();
    int rowAt(const QPoint& p) const;
    QFont italicFont() const;  // the "+ N more"'s
    int moreWidth() const;     // what the "+ N more" takes of the heading's line (0: none)
    QString overlayFigureOf(const ShareRow& row) const;    // "82.4 ms" for a figure-only row, or empty
    QString overlayFigureText(const ShareRow& row) const;  // "  ┃ 82.4 ms", or empty
    int overlayFigureWidth(const ShareRow& row) const;
    bool overlayShown() const;  // some shown row draws the overlay (a stroke or a figure)

    std::vector<ShareRow> rows_;
    std::vector<double> overlay_shares_;
    std::vector<QString> overlay_figures_;
    QString overlay_label_;
    QColor overlay_colour_;
    double fair_ = 0;
    QString heading_;
    QString tiny_heading_;
    int columns_ = 1;
    bool short_names_ = false;
    bool more_on_row_ = false;
    ChartStyle style_;
};

}  // namespace inflight::ui
