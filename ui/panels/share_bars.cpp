#include "ui/panels/share_bars.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "ui/panels/flow_palette.h"

namespace inflight::ui {

namespace {
constexpr int kMinBarPx = 48;    // a bar's track is never shorter than this
constexpr int kGapPx = 6;        // between name, track and value
constexpr int kColumnGapPx = 16;
constexpr int kSwatchPx = 10;
}  // namespace

ShareBars::ShareBars(QWidget* parent) : QWidget(parent) {
    setObjectName("share_bars");
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMouseTracking(false);
    fixHeight();
}

void ShareBars::setRows(std::vector<ShareRow> rows, double fair, const QString& heading, const QString& tiny_heading) {
    rows_ = std::move(rows);
    fair_ = fair;
    heading_ = heading;
    tiny_heading_ = tiny_heading;
    QStringList all;
    all << heading_;
    for (const ShareRow& r : rows_) all << (r.detail.isEmpty() ? r.name + QStringLiteral(": ") + r.value : r.detail);
    setToolTip(all.join(QLatin1Char('\n')));
    setAccessibleDescription(all.join(QStringLiteral("; ")));
    fixHeight();
    update();
}

void ShareBars::restyle(const ChartStyle& style) {
    style_ = style;
    fixHeight();
    update();
}

int ShareBars::rowsIn(int columns) const {
    return std::min(static_cast<int>(rows_.size()), columns == 1 ? kMaxRowsOneColumn : kMaxRows);
}

int ShareBars::flowRows() const { return rowsIn(columns_) - (more_on_row_ ? 1 : 0); }
// The "+ N more" of a group sits at the end of the heading line: sixteen
// flows take no more height than eight. Where it would leave the heading
// too little room for the marker's name whole, it takes the last row's
// place instead (moreOnItsRow): one bar fewer, the same height.
int ShareBars::shownRows() const { return flowRows(); }
int ShareBars::slotCount() const { return rowsIn(columns_); }

QString ShareBars::moreTextFor(int shown) const {
    return tr("+ %1 more").arg(static_cast<int>(rows_.size()) - shown);
}

QString ShareBars::moreText() const { return grouped() ? moreTextFor(flowRows()) : QString(); }

bool ShareBars::moreNeedsItsRow() const {
    // Only a group beside a fair-share marker: "share  ┆ fair share" and
    // the "+ N more" must share the heading's line.
    const int in_line = rowsIn(columns_);
    if (!(fair_ > 0) || static_cast<int>(rows_.size()) <= in_line) return false;
    const int more_w = QFontMetrics(italicFont()).horizontalAdvance(moreTextFor(in_line)) + kColumnGapPx;
    return fontMetrics().horizontalAdvance(tr("share") + tr("  ┆ fair share")) > width() - more_w;
}

QString ShareBars::moreToolTip() const {
    QStringList l;
    for (std::size_t i = static_cast<std::size_t>(flowRows()); i < rows_.size(); ++i)
        l << (rows_[i].detail.isEmpty() ? rows_[i].name + QStringLiteral(": ") + rows_[i].value : rows_[i].detail);
    return l.join(QLatin1Char('\n'));
}

QString ShareBars::rowToolTip(int r) const {
    if (r < 0) return {};
    if (r >= flowRows()) return moreToolTip();
    const ShareRow& row = rows_[static_cast<std::size_t>(r)];
    QString tip = row.detail.isEmpty() ? row.name + QStringLiteral(": ") + row.value : row.detail;
    if (!row.figure_only && row.flow >= 0 && static_cast<std::size_t>(row.flow) < overlay_shares_.size() &&
        std::isfinite(overlay_shares_[static_cast<std::size_t>(row.flow)]))
        tip += tr("\n┃ %1: share %2 %").arg(overlay_label_).arg(overlay_shares_[static_cast<std::size_t>(row.flow)] * 100, 0, 'f', 1);
    if (const QString fig = overlayFigure(r); !fig.isEmpty()) tip += tr("\n┃ %1: %2").arg(overlay_label_, fig);
    return tip;
}

QString ShareBars::shownHeading() const {
    // The heading with the marker's name in full, or shorter when the line
    // is full: the marker's short name, then "share" alone (the aggregate
    // is the hero number above), or "time" above rows of figures alone.
    const QFontMetrics fm = fontMetrics();
    const bool figures_alone =
        !rows_.empty() && std::all_of(rows_.begin(), rows_.end(), [](const ShareRow& r) { return r.figure_only; });
    const QString main = !tiny_heading_.isEmpty() && figureForm() == 2 ? tiny_heading_ : heading_;
    const int more_w = moreWidth();
    QStringList heads;
    const QString overlay = overlayShown() ? tr("  ┃ %1").arg(overlay_label_) : QString();
    // The marker's whole name goes before the heading's long form: "share
    // ┆ fair share" rather than "share of 65.4 Mbit/s ┆ fair" ("fair"
    // alone names nothing; the aggregate is the hero number above). The
    // overlay's name stays longest: it is the strokes' only key.
    const QString short_main = figures_alone ? tr("time") : tr("share");
    const QStringList keys = fair_ > 0 ? QStringList{tr("  ┆ fair share"), tr("  ┆ fair")} : QStringList{QString()};
    for (const QString& tail : overlay.isEmpty() ? QStringList{QString()} : QStringList{overlay, QString()})
        for (const QString& key : keys)
            for (const QString& h : {main, short_main}) heads << h + key + tail;
    for (const QString& h : heads)
        if (fm.horizontalAdvance(h) <= width() - more_w) return h;
    return heads.back();
}

int ShareBars::moreWidth() const {
    return grouped() && !more_on_row_ ? QFontMetrics(italicFont()).horizontalAdvance(moreText()) + kColumnGapPx : 0;
}

QFont ShareBars::italicFont() const {
    QFont f = font();
    f.setItalic(true);
    return f;
}

int ShareBars::rowHeight() const { return fontMetrics().height() + 4; }

QRectF ShareBars::figureRoom(int r) const {
    const Geometry g = geometry(r);
    return QRectF(g.track.left(), g.name.top(), g.value.right() - g.track.left(), rowHeight());
}

namespace {
// A row's figure in form 0 (the value), 1 (the short) or 2 (the tiny); a
// row without that form keeps its next longer one.
const QString& figure_in_form(const ShareRow& row, int form) {
    if (form >= 2 && !row.value_tiny.isEmpty()) return row.value_tiny;
    if (form >= 1 && !row.value_short.isEmpty()) return row.value_short;
    return row.value;
}
}  // namespace

int ShareBars::figureForm() const {
    // The longest form in which every figure-only row fits its room, else
    // the tiny one (elided when drawn).
    const QFontMetrics fm = fontMetrics();
    for (int form = 0; form < 2; ++form) {
        bool fits = true;
        for (int r = 0; r < shownRows() && fits; ++r)
            if (const ShareRow& row = rows_[static_cast<std::size_t>(r)]; row.figure_only)
                fits = fm.horizontalAdvance(figure_in_form(row, form)) + overlayFigureWidth(row) <= figureRoom(r).width();
        if (fits) return form;
    }
    return 2;
}

QString ShareBars::shownFigure(int r) const { return figure_in_form(rows_[static_cast<std::size_t>(r)], figureForm()); }

QString ShareBars::shownName(const ShareRow& r) const {
    return short_names_ && !r.short_name.isEmpty() ? r.short_name : r.name;
}

QRectF ShareBars::nameRect(int r) const {
    if (r < 0 || r >= flowRows()) return {};
    return geometry(r).name.adjusted(kSwatchPx + 4, 0, 0, 0);
}

QString ShareBars::drawnName(int r) const {
    if (r < 0 || r >= flowRows()) return {};
    return fontMetrics().elidedText(shownName(rows_[static_cast<std::size_t>(r)]), Qt::ElideRight,
                                    static_cast<int>(nameRect(r).width()));
}

int ShareBars::nameWidth(bool short_names, double column_width, int rows) const {
    // As wide as the longest name shown, as far as the rest of every row
    // allows (longer names are elided; their tooltip says them whole): a
    // row with a bar keeps 55% of the column for its bar and value, a row
    // of a figure alone its shortest figure ("42 ms" of "42 ms = 42 RTT"),
    // so a label such as "write-write-read" is read whole where the
    // figure can give way.
    const QFontMetrics fm = fontMetrics();
    int w = 0, rest = 0;
    for (int r = 0; r < rows; ++r) {
        const ShareRow& row = rows_[static_cast<std::size_t>(r)];
        w = std::max(w, fm.horizontalAdvance(short_names && !row.short_name.isEmpty() ? row.short_name : row.name));
        rest = std::max(rest, row.figure_only ? fm.horizontalAdvance(figure_in_form(row, 2)) + overlayFigureWidth(row) + kGapPx
                                              : static_cast<int>(std::ceil(column_width * 0.55)));
    }
    // (The "+ N more" row writes across its whole row, not in this column.)
    const int cap = std::max(fm.averageCharWidth() * 6, static_cast<int>(column_width) - rest - kSwatchPx - 6);
    return kSwatchPx + 6 + std::min(w + 2, cap);
}

int ShareBars::valueWidth(int rows) const {
    const QFontMetrics fm = fontMetrics();
    int w = fm.horizontalAdvance(QStringLiteral("0 %"));
    for (int r = 0; r < rows; ++r) {
        const ShareRow& row = rows_[static_cast<std::size_t>(r)];
        if (!row.figure_only) w = std::max(w, fm.horizontalAdvance(row.value));
    }
    return w;
}

int ShareBars::columnsFor(int width, bool* short_names) const {
    // Two columns when more than four rows and each column keeps its names
    // (full, else short), a bar of kMinBarPx and its value.
    // One column: the short names when the full ones would be cut there.
    const int one = rowsIn(1);
    *short_names = nameWidth(false, width, one) < nameWidth(false, 1e9, one);
    if (rows_.size() <= 4) return 1;
    const bool one_column_short = *short_names;
    *short_names = false;
    const double col_w = (width - kColumnGapPx) / 2.0;
    for (bool s : {false, true}) {
        const int need = nameWidth(s, 1e9, rowsIn(2)) + kMinBarPx + valueWidth(rowsIn(2)) + 2 * kGapPx;
        if (need <= col_w) {
            *short_names = s;
            return 2;
        }
    }
    *short_names = one_column_short;
    return 1;
}

void ShareBars::fixHeight() {
    columns_ = columnsFor(width(), &short_names_);
    more_on_row_ = moreNeedsItsRow();
    const int per_column = (slotCount() + columns_ - 1) / columns_;
    const int h = rowHeight() * (1 + per_column) + 2;  // the heading, then the rows
    if (h != height() || minimumHeight() != h) setFixedHeight(h);
}

QSize ShareBars::sizeHint() const {
    return {nameWidth(false, 1e9, flowRows()) + kMinBarPx * 3 + valueWidth(flowRows()) + 2 * kGapPx, height()};
}
QSize ShareBars::minimumSizeHint() const {
    return {nameWidth(true, 1e9, rowsIn(1)) + kMinBarPx + valueWidth(rowsIn(1)) + 2 * kGapPx, height()};
}

void ShareBars::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fixHeight();
}

void ShareBars::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) fixHeight();
    QWidget::changeEvent(e);
}

ShareBars::Geometry ShareBars::geometry(int r) const {
    const int per_column = std::max(1, (slotCount() + columns_ - 1) / columns_);
    const int col = r / per_column, line = r % per_column;
    const double col_w = (width() - (columns_ - 1) * kColumnGapPx) / static_cast<double>(columns_);
    const double x0 = col * (col_w + kColumnGapPx);
    const double y = rowHeight() * (1 + line) + 1;
    const double nw = nameWidth(short_names_, col_w, flowRows()), vw = valueWidth(flowRows());
    Geometry g;
    g.name = QRectF(x0, y, nw, rowHeight());
    g.value = QRectF(x0 + col_w - vw, y, vw, rowHeight());
    const double tx = x0 + nw + kGapPx;
    g.track = QRectF(tx, y + 3, std::max<double>(1, g.value.left() - kGapPx - tx), rowHeight() - 6);
    return g;
}

double ShareBars::scaleTop() const {
    // One scale for every bar: the largest share or the fair share, with a
    // little room, at most the whole aggregate.
    double top = fair_;
    for (const ShareRow& r : rows_)
        if (!r.figure_only) top = std::max(top, r.share);
    return std::clamp(top * 1.2, 0.05, 1.0);
}

double ShareBars::pxPerShare() const {
    return shownRows() == 0 ? 0 : geometry(0).track.width() / scaleTop();
}

QRectF ShareBars::barRect(int r) const {
    if (r < 0 || r >= flowRows()) return {};
    const ShareRow& row = rows_[static_cast<std::size_t>(r)];
    const QRectF t = geometry(r).track;
    if (row.figure_only) return QRectF(t.left(), t.top(), 0, t.height());
    return QRectF(t.left(), t.top(), std::clamp(row.share, 0.0, scaleTop()) * pxPerShare(), t.height());
}

double ShareBars::fairMarkerX(int r) const {
    if (!(fair_ > 0) || r < 0 || r >= flowRows()) return NAN;
    return geometry(r).track.left() + fair_ * pxPerShare();
}

int ShareBars::rowAt(const QPoint& p) const {
    if (p.y() < rowHeight()) return -2;  // the heading (and the group of the rest)
    for (int r = 0; r < slotCount(); ++r) {  // the last: the group's row, if it has one
        const Geometry g = geometry(r);
        if (QRectF(g.name.left(), g.name.top(), g.value.right() - g.name.left(), g.name.height()).contains(p))
            return r;
    }
    return -1;
}

bool ShareBars::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int r = rowAt(he->pos());
        const QString tip = r >= 0 ? rowToolTip(r) : r == -2 && grouped() ? moreToolTip() : toolTip();
        QToolTip::showText(he->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

void ShareBars::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const bool dark = is_dark_palette();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor background = palette().color(QPalette::Window);
    QColor track = text;
    track.setAlphaF(0.10);
    // The heading, and the fair share's name beside it.
    p.setPen(text);
    const int rh = rowHeight();
    const int more_w = moreWidth();
    if (grouped() && !more_on_row_) {  // "+ 8 more" at the right end, its tooltip the list
        p.setFont(italicFont());
        p.drawText(QRectF(0, 0, width(), rh), Qt::AlignRight | Qt::AlignVCenter, moreText());
        p.setFont(font());
    }
    p.drawText(QRectF(0, 0, width() - more_w, rh), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(shownHeading(), Qt::ElideRight, width() - more_w));
    for (int r = 0; r < shownRows(); ++r) {
        const Geometry g = geometry(r);
        const ShareRow& row = rows_[static_cast<std::size_t>(r)];
        // The swatch (in the flow's colour and fill, on the window's own
        // background), the name.
        const QRectF sw(g.name.left(), g.name.center().y() - kSwatchPx / 2.0, kSwatchPx, kSwatchPx);
        paint_flow_fill(p, sw, row.flow, dark, background);
        p.setPen(text);
        p.drawText(nameRect(r), Qt::AlignLeft | Qt::AlignVCenter, drawnName(r));
        if (row.figure_only) {  // no bar: its figure, across the track and value, then the overlay's
            const QRectF room = figureRoom(r);
            const int overlay_w = overlayFigureWidth(row);
            const QString v = fm.elidedText(shownFigure(r), Qt::ElideRight, static_cast<int>(room.width()) - overlay_w);
            p.drawText(room, Qt::AlignLeft | Qt::AlignVCenter, v);
            if (overlay_w > 0) {
                p.setPen(overlay_colour_);
                p.drawText(room.adjusted(fm.horizontalAdvance(v), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                           overlayFigureText(row));
            }
            continue;
        }
        p.fillRect(g.track, track);
        paint_flow_fill(p, barRect(r), row.flow, dark, background);
        p.drawText(g.value, Qt::AlignRight | Qt::AlignVCenter, row.value);
        if (row.bulk && fair_ > 0) {
            const double x = fairMarkerX(r);
            QPen pen(text, style_.presentation ? 2.0 : 1.5, Qt::DashLine);
            p.setPen(pen);
            p.drawLine(QPointF(x, g.name.top() + 1), QPointF(x, g.name.bottom() - 1));
        }
        const double ox = overlayMarkerX(r);
        if (std::isfinite(ox)) {
            QPen pen(overlay_colour_, style_.presentation ? 4.0 : 3.0, Qt::SolidLine, Qt::FlatCap);
            p.setPen(pen);
            p.drawLine(QPointF(ox, g.name.top()), QPointF(ox, g.name.bottom()));
        }
    }
    if (more_on_row_) {
        p.setPen(text);
        p.setFont(italicFont());
        const QRectF room = moreRect();
        p.drawText(room, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(italicFont()).elidedText(moreText(), Qt::ElideRight, static_cast<int>(room.width())));
        p.setFont(font());
    }
}

QRectF ShareBars::moreRect() const {
    if (!grouped()) return {};
    if (!more_on_row_) {
        const int w = moreWidth() - kColumnGapPx;
        return QRectF(width() - w, 0, w, rowHeight());
    }
    const Geometry g = geometry(flowRows());
    return QRectF(g.name.left(), g.name.top(), g.value.right() - g.name.left(), rowHeight());
}

void ShareBars::setOverlayShares(std::vector<double> shares, const QString& label, const QColor& colour,
                                 std::vector<QString> figures) {
    if (shares == overlay_shares_ && figures == overlay_figures_ && label == overlay_label_ && colour == overlay_colour_)
        return;
    overlay_shares_ = std::move(shares);
    overlay_figures_ = std::move(figures);
    overlay_label_ = label;
    overlay_colour_ = colour;
    const bool shares_drawn = std::any_of(overlay_shares_.begin(), overlay_shares_.end(), [](double v) { return std::isfinite(v); });
    const bool figures_drawn = std::any_of(overlay_figures_.begin(), overlay_figures_.end(), [](const QString& v) { return !v.isEmpty(); });
    setToolTip(shares_drawn    ? tr("┃ %1: its share of each flow").arg(overlay_label_)
               : figures_drawn ? tr("┃ %1: its time for each flow").arg(overlay_label_)
                               : QString());
    update();
}

double ShareBars::overlayMarkerX(int r) const {
    if (r < 0 || r >= shownRows()) return std::nan("");
    const ShareRow& row = rows_[static_cast<std::size_t>(r)];
    if (row.figure_only || row.flow < 0 || static_cast<std::size_t>(row.flow) >= overlay_shares_.size()) return std::nan("");
    const double share = overlay_shares_[static_cast<std::size_t>(row.flow)];
    if (!std::isfinite(share)) return std::nan("");
    return geometry(r).track.left() + std::clamp(share, 0.0, 1.0) * pxPerShare();
}

QString ShareBars::overlayFigureOf(const ShareRow& row) const {
    if (!row.figure_only || row.flow < 0 || static_cast<std::size_t>(row.flow) >= overlay_figures_.size()) return {};
    return overlay_figures_[static_cast<std::size_t>(row.flow)];
}

QString ShareBars::overlayFigureText(const ShareRow& row) const {
    const QString fig = overlayFigureOf(row);
    return fig.isEmpty() ? QString() : tr("  ┃ %1").arg(fig);
}

int ShareBars::overlayFigureWidth(const ShareRow& row) const {
    const QString t = overlayFigureText(row);
    return t.isEmpty() ? 0 : fontMetrics().horizontalAdvance(t);
}

QString ShareBars::overlayFigure(int r) const {
    if (r < 0 || r >= static_cast<int>(rows_.size())) return {};
    return overlayFigureOf(rows_[static_cast<std::size_t>(r)]);
}

bool ShareBars::overlayShown() const {
    for (int r = 0; r < shownRows(); ++r)
        if (std::isfinite(overlayMarkerX(r)) || !overlayFigure(r).isEmpty()) return true;
    return false;
}

}  // namespace inflight::ui
