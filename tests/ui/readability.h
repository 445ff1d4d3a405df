// What "readable" means to the readability test (readability_test.cpp):
// every text a user is shown in a window — each QLabel, TextStrip, button,
// chart legend entry, axis title and tick label — is shown whole (measured
// against its room with the widget's own font metrics, or read back from
// the chart's scene), no two sibling widgets that show text are drawn over
// each other, and every chart's plot area keeps a minimum height.
// readability_problems() lists what is not, one line each.
#pragma once

#include <QCoreApplication>
#include <QEvent>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>
#include <QLineEdit>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QScrollBar>
#include <QStringList>
#include <QValueAxis>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <set>

#include <QHeaderView>
#include <QTableView>
#include <QStyleOptionComboBox>

#include "ui/controls/flow_list.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/text_strip.h"

namespace inflight::ui::test {

// `w`'s rectangle in `top`'s coordinates, cut by every ancestor up to
// `top`; an ancestor that scrolls vertically (a scroll area's viewport)
// cuts only horizontally: what it hides can be scrolled to.
inline QRect visible_rect(const QWidget* w, const QWidget* top) {
    QRect r(w->mapTo(top, QPoint(0, 0)), w->size());
    bool scrolls = false;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        QRect pr(p->mapTo(top, QPoint(0, 0)), p->size());
        const auto* area = p->parentWidget() ? qobject_cast<const QAbstractScrollArea*>(p->parentWidget()) : nullptr;
        if (area && area->viewport() == p) scrolls = true;
        if (scrolls) {
            pr.setTop(std::min(pr.top(), r.top()));
            pr.setBottom(std::max(pr.bottom(), r.bottom()));
        }
        r &= pr;
        if (p == top) break;
    }
    return r;
}

inline QString who(const QWidget* w) {
    QString name = w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                             : w->objectName();
    return name;
}

inline bool inside_item_view(const QWidget* w) {
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractItemView*>(p)) return true;
    return false;
}

// Texts of a chart as drawn: the visible text items of its scene.
inline QStringList drawn_texts(QChartView* v, QStringList* problems) {
    QStringList out;
    const QRectF room = v->chart()->rect();
    for (QGraphicsItem* it : v->scene()->items()) {
        if (!it->isVisible()) continue;
        QString t;
        if (auto* ti = dynamic_cast<QGraphicsTextItem*>(it)) t = ti->toPlainText();
        else if (auto* si = dynamic_cast<QGraphicsSimpleTextItem*>(it)) t = si->text();
        else continue;
        if (t.isEmpty()) continue;
        out << t;
        const QRectF br = it->sceneBoundingRect();
        if (!room.adjusted(-1, -1, 1, 1).contains(br))
            *problems << QStringLiteral("chart text “%1” drawn outside its chart (%2,%3 %4×%5 in %6×%7)")
                             .arg(t).arg(br.x()).arg(br.y()).arg(br.width()).arg(br.height())
                             .arg(room.width()).arg(room.height());
    }
    return out;
}

// The labels a value axis would draw: its ticks in its label format (a
// fixed count spread evenly, or every multiple of its interval from its
// anchor that lies on the axis).
inline QStringList tick_labels(const QValueAxis* a) {
    QStringList out;
    const QByteArray fmt = a->labelFormat().toLatin1();
    const double range = a->max() - a->min();
    const auto label = [&](double v) {
        return QString::asprintf(fmt.constData(), std::abs(v) < 1e-12 * range ? 0.0 : v);
    };
    if (a->tickType() == QValueAxis::TicksDynamic && a->tickInterval() > 0) {
        const double step = a->tickInterval();
        const double eps = 1e-9 * range;
        for (double k = std::ceil((a->min() - a->tickAnchor() - eps) / step);; ++k) {
            const double v = a->tickAnchor() + k * step;
            if (v > a->max() + eps || out.size() > 100) break;
            out << label(v);
        }
        return out;
    }
    const int n = a->tickCount();
    for (int i = 0; i < n; ++i) out << label(a->min() + range * i / std::max(1, n - 1));
    return out;
}

// The plot height from which a vertical axis must carry three labels.
constexpr double kReadablePlotPx = 120;

inline void check_chart(QChartView* v, int min_plot_height, QStringList* problems) {
    QChart* c = v->chart();
    const QStringList drawn = drawn_texts(v, problems);
    const std::set<QString> have(drawn.begin(), drawn.end());
    for (const QString& t : drawn)
        if (t.endsWith(QLatin1String("...")) || t.contains(QChar(0x2026)))
            *problems << QStringLiteral("chart text elided: “%1”").arg(t);
    for (QAbstractAxis* a : c->axes()) {
        if (!a->isVisible()) continue;
        if (!a->titleText().isEmpty() && a->isTitleVisible() && !have.count(a->titleText()))
            *problems << QStringLiteral("axis title “%1” not drawn whole").arg(a->titleText());
        if (auto* va = qobject_cast<QValueAxis*>(a); va && va->labelsVisible()) {
            const QStringList ticks = tick_labels(va);
            for (const QString& t : ticks)
                if (!have.count(t))
                    *problems << QStringLiteral("axis “%1” tick “%2” not drawn whole").arg(a->titleText(), t);
            // A plot tall enough to read a value off (kReadablePlotPx) carries
            // at least three labels on each vertical axis: two ends alone
            // cannot say where a quarter of the range is.
            if ((va->orientation() == Qt::Vertical) && c->plotArea().height() >= kReadablePlotPx && ticks.size() < 3)
                *problems << QStringLiteral("axis “%1” has %2 labels (%3) on a %4 px plot")
                                 .arg(a->titleText()).arg(ticks.size()).arg(ticks.join(QStringLiteral(", ")))
                                 .arg(c->plotArea().height());
        }
    }
    if (c->legend()->isVisible())
        for (QLegendMarker* m : c->legend()->markers())
            if (m->isVisible() && !m->label().isEmpty() && !have.count(m->label()))
                *problems << QStringLiteral("legend entry “%1” not drawn whole").arg(m->label());
    if (c->plotArea().height() < min_plot_height)
        *problems << QStringLiteral("plot area %1 px high (< %2) under “%3”")
                         .arg(c->plotArea().height()).arg(min_plot_height)
                         .arg(c->axes(Qt::Vertical).isEmpty() ? QString() : c->axes(Qt::Vertical).front()->titleText());
}

// A widget that shows words: labels, text strips, chart keys, buttons and
// check boxes (not scroll bars), combo boxes and line edits.
inline bool shows_text(const QWidget* w) {
    if (qobject_cast<const QScrollBar*>(w)) return false;
    if (const auto* l = qobject_cast<const QLabel*>(w)) return !l->text().isEmpty();
    if (const auto* b = qobject_cast<const QAbstractButton*>(w)) return !b->text().isEmpty();
    return qobject_cast<const TextStrip*>(w) || qobject_cast<const ChartKey*>(w) ||
           qobject_cast<const QComboBox*>(w) || qobject_cast<const QLineEdit*>(w);
}

// Visible sibling text widgets whose rectangles intersect: one is drawn
// over the other (a layout squeezed below its minimum does this without
// eliding anything). Widgets inside item views are the view's business.
inline void check_overlaps(QWidget* top, QStringList* problems) {
    std::vector<QWidget*> parents{top};
    for (QWidget* w : top->findChildren<QWidget*>())
        if (w->isVisible() && w->window() == top->window() && !inside_item_view(w)) parents.push_back(w);
    for (QWidget* p : parents) {
        std::vector<QWidget*> texts;
        for (QObject* o : p->children()) {
            auto* w = qobject_cast<QWidget*>(o);
            if (!w || w->isWindow() || !w->isVisible() || w->width() <= 0 || w->height() <= 0) continue;
            if (shows_text(w)) texts.push_back(w);
        }
        for (std::size_t i = 0; i < texts.size(); ++i)
            for (std::size_t j = i + 1; j < texts.size(); ++j) {
                const QRect a = texts[i]->geometry(), b = texts[j]->geometry();
                const QRect both = a & b;
                if (both.isEmpty()) continue;
                const auto text_of = [](const QWidget* w) {
                    if (const auto* l = qobject_cast<const QLabel*>(w)) return l->text();
                    if (const auto* b = qobject_cast<const QAbstractButton*>(w)) return b->text();
                    if (const auto* s = qobject_cast<const TextStrip*>(w)) return s->text();
                    if (const auto* c = qobject_cast<const QComboBox*>(w)) return c->currentText();
                    if (const auto* e = qobject_cast<const QLineEdit*>(w)) return e->text();
                    return QString();
                };
                *problems << QStringLiteral("%1 “%2” and %3 “%4” overlap by %5×%6 px in %7")
                                 .arg(who(texts[i]), text_of(texts[i]).left(40), who(texts[j]),
                                      text_of(texts[j]).left(40))
                                 .arg(both.width()).arg(both.height()).arg(who(p));
            }
    }
}

// What a window's minimum height is made of, for a failure message: the
// central widget's and each visible part's minimum height (the dashboard's
// headline and boxes, each dock), in px.
inline QString minimum_heights(QMainWindow* w) {
    QStringList parts;
    const auto part = [&](const QString& name, const QWidget* x) {
        if (x && x->isVisible()) parts << QStringLiteral("%1 %2").arg(name).arg(x->minimumSizeHint().height());
    };
    parts << QStringLiteral("window minimum %1×%2").arg(w->minimumSizeHint().width()).arg(w->minimumSizeHint().height());
    part(QStringLiteral("menu bar"), w->menuBar());
    part(QStringLiteral("status bar"), w->statusBar());
    part(QStringLiteral("central"), w->centralWidget());
    if (auto* d = w->findChild<Dashboard*>()) {
        part(QStringLiteral("dashboard"), d);
        part(QStringLiteral("headline"), d->headline());
        part(QStringLiteral("window box"), d->panel(Dashboard::Panel::Window));
        part(QStringLiteral("RTT box"), d->panel(Dashboard::Panel::Rtt));
        part(QStringLiteral("rate box"), d->panel(Dashboard::Panel::Hero));
        part(QStringLiteral("event box"), d->panel(Dashboard::Panel::Events));
    }
    for (QWidget* x : w->findChildren<QWidget*>())
        if (x->isVisible() && (qobject_cast<QChartView*>(x) || qobject_cast<ChartKey*>(x) ||
                               x->objectName() == QLatin1String("share_bars") ||
                               x->metaObject()->className() == QByteArray("inflight::ui::PlaybackBar")))
            parts << QStringLiteral("%1 in %2: %3 (minimum %4)")
                         .arg(QString::fromLatin1(x->metaObject()->className()).section(QLatin1String("::"), -1),
                              who(x->parentWidget()))
                         .arg(x->height()).arg(std::max(x->minimumHeight(), x->minimumSizeHint().height()));
    for (QDockWidget* dock : w->findChildren<QDockWidget*>())
        if (dock->isVisible() && !dock->isFloating())
            parts << QStringLiteral("dock “%1” %2×%3 (minimum %4×%5)")
                         .arg(dock->windowTitle()).arg(dock->width()).arg(dock->height())
                         .arg(dock->minimumSizeHint().width()).arg(dock->minimumSizeHint().height());
    return parts.join(QStringLiteral(", "));
}

// Everything unreadable in `top` as shown now.
// The flows' table: every heading and cell shown whole (its text, in the
// cell's font, after its swatch, within its column), the columns ending
// inside the table and the table inside what is visible of it.
inline void check_flow_table(FlowTable* t, const QRect& vis, QStringList* problems) {
    QAbstractItemModel* m = t->model();
    QHeaderView* head = t->horizontalHeader();
    const int margins = 2 * (t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1);
    if (head->length() > t->viewport()->width())
        *problems << QStringLiteral("flows table: columns %1 px wide in %2 px").arg(head->length()).arg(t->viewport()->width());
    if (vis.width() < t->width() - 1)
        *problems << QStringLiteral("flows table cut to %1 of %2 px wide").arg(vis.width()).arg(t->width());
    for (int c = 0; c < m->columnCount(); ++c) {
        if (t->isColumnHidden(c)) continue;
        const int have = t->columnWidth(c);
        if (head->sectionSizeHint(c) > have + 1)
            *problems << QStringLiteral("flows table heading “%1” needs %2 px, has %3")
                             .arg(m->headerData(c, Qt::Horizontal).toString()).arg(head->sectionSizeHint(c)).arg(have);
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, c);
            const QString text = i.data(Qt::DisplayRole).toString();
            if (text.isEmpty()) continue;
            QFont f = t->font();
            if (const QVariant v = i.data(Qt::FontRole); v.isValid()) f = v.value<QFont>();
            const bool swatch = i.data(Qt::DecorationRole).isValid();
            const int icon = swatch ? t->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, t) + 4 : 0;
            const int need = QFontMetrics(f).horizontalAdvance(text) + icon + margins;
            if (need > have + 1)
                *problems << QStringLiteral("flows table row %1 “%2” needs %3 px, its column has %4")
                                 .arg(r + 1).arg(text).arg(need).arg(have);
        }
    }
}

// The event log's rows in view (a finished run's): every cell shown whole — the
// short columns' text within their width, the sentence of "what happened"
// within its row once wrapped to its column — so nothing ends in "…" and
// nobody has to hover for a tooltip.
inline void check_event_rows(QTableView* t, QStringList* problems) {
    QAbstractItemModel* m = t->model();
    const int margins = 2 * (t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1);
    const int rows = std::min(m->rowCount(), 400);
    int reported = 0;
    for (int r = 0; r < rows && reported < 5; ++r) {
        // The rows in view (a figure leaves the rest out and counts them;
        // the window's are scrolled to, and fitted all the same).
        if (t->rowViewportPosition(r) >= t->viewport()->height()) break;
        for (int c = 0; c < m->columnCount(); ++c) {
            if (t->isColumnHidden(c)) continue;
            const QModelIndex i = m->index(r, c);
            const QString text = i.data(Qt::DisplayRole).toString();
            if (text.isEmpty()) continue;
            const int width = t->columnWidth(c) - margins;
            const QFontMetrics fm(t->font());
            const bool swatch = i.data(Qt::DecorationRole).isValid();
            const int icon = swatch ? t->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, t) + 4 : 0;
            const bool last = c == m->columnCount() - 1;
            if (!last) {
                if (fm.horizontalAdvance(text) + icon > width + 1) {
                    *problems << QStringLiteral("event log row %1 “%2” needs %3 px, its column has %4")
                                     .arg(r + 1).arg(text).arg(fm.horizontalAdvance(text) + icon).arg(width);
                    ++reported;
                }
                continue;
            }
            const int need = fm.boundingRect(QRect(0, 0, std::max(1, width), 100000),
                                             Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text).height();
            if (need > t->rowHeight(r) + 1) {
                *problems << QStringLiteral("event log row %1 “%2” needs %3 px high (wrapped to %4 px), has %5")
                                 .arg(r + 1).arg(text.left(60)).arg(need).arg(width).arg(t->rowHeight(r));
                ++reported;
            }
        }
    }
}

inline QStringList readability_problems(QWidget* top, int min_plot_height) {
    // What the user sees once the window has laid itself out: layouts a
    // frame asked for (a key that wrapped, a column that resized) are done
    // before anything is measured, not caught half way.
    for (int pass = 0; pass < 10; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
    QStringList problems;
    check_overlaps(top, &problems);
    for (QWidget* w : top->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->window() != top->window() || inside_item_view(w)) continue;
        if (w->width() <= 0 || w->height() <= 0) continue;
        const QRect vis = visible_rect(w, top);
        if (auto* l = qobject_cast<QLabel*>(w)) {
            if (l->text().isEmpty()) continue;
            const QRect cr = l->contentsRect();
            if (l->wordWrap()) {
                const int need = l->heightForWidth(l->width());
                if (need > l->height() + 1)
                    problems << QStringLiteral("label %1 “%2” needs %3 px high, has %4")
                                    .arg(who(l), l->text().left(60)).arg(need).arg(l->height());
                if (vis.width() < l->width() - 1)
                    problems << QStringLiteral("label %1 “%2” cut to %3 of %4 px wide")
                                    .arg(who(l), l->text().left(60)).arg(vis.width()).arg(l->width());
            } else {
                QString shown = l->text();
                shown.replace(QLatin1String("&&"), QLatin1String("\x01")).remove(QLatin1Char('&')).replace(QChar(1), QLatin1Char('&'));
                const int need = l->textFormat() == Qt::PlainText || !Qt::mightBeRichText(l->text())
                                     ? l->fontMetrics().horizontalAdvance(shown) + l->width() - cr.width()
                                     : l->sizeHint().width();
                if (need > std::min(l->width(), vis.width()) + 1)
                    problems << QStringLiteral("label %1 “%2” needs %3 px, has %4")
                                    .arg(who(l), l->text().left(60)).arg(need).arg(std::min(l->width(), vis.width()));
            }
        } else if (auto* s = qobject_cast<TextStrip*>(w)) {
            if (!s->fits())
                problems << QStringLiteral("%1 “%2” elided at %3 px").arg(who(s), s->text()).arg(s->width());
            else if (!s->text().isEmpty() && vis.width() < s->width() - 1 && !s->fitsWidth(vis.width()))
                problems << QStringLiteral("%1 “%2” cut to %3 px").arg(who(s), s->text()).arg(vis.width());
        } else if (auto* k = qobject_cast<ChartKey*>(w)) {
            if (!k->fits() || vis.width() < k->width() - 1)
                problems << QStringLiteral("chart key “%1” cut at %2 px").arg(k->names().join(", ")).arg(vis.width());
        } else if (auto* b = qobject_cast<QAbstractButton*>(w)) {
            if (b->text().isEmpty() || qobject_cast<QScrollBar*>(w)) continue;
            QString t = b->text();
            t.remove(QLatin1Char('&'));
            const int need = b->fontMetrics().horizontalAdvance(t);
            if (need > std::min(b->width(), vis.width()))
                problems << QStringLiteral("button “%1” needs %2 px, has %3")
                                .arg(t).arg(need).arg(std::min(b->width(), vis.width()));
        } else if (auto* v = qobject_cast<QChartView*>(w)) {
            QStringList p;
            check_chart(v, min_plot_height, &p);
            for (const QString& line : p) problems << QStringLiteral("%1: %2").arg(who(v->parentWidget()), line);
        } else if (auto* c = qobject_cast<QComboBox*>(w)) {
            // What its face shows (a chooser may show a short form; see experiment_chooser.h).
            const QVariant face = c->property("shownText");
            const QString shown = face.isValid() ? face.toString() : c->currentText();
            if (shown.isEmpty()) continue;
            QStyleOptionComboBox o;
            o.initFrom(c);
            o.editable = c->isEditable();
            const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &o, QStyle::SC_ComboBoxEditField, c);
            const int icon = c->itemIcon(c->currentIndex()).isNull() ? 0 : c->iconSize().width() + 4;
            const int need = c->fontMetrics().horizontalAdvance(shown) + icon;
            if (need > std::min(field.width(), vis.width() - (c->width() - field.width())) + 1)
                problems << QStringLiteral("combo box %1 “%2” needs %3 px, its field has %4")
                                .arg(who(c), shown.left(60)).arg(need).arg(field.width());
        } else if (auto* t = qobject_cast<FlowTable*>(w)) {
            check_flow_table(t, vis, &problems);
        } else if (auto* ev = qobject_cast<QTableView*>(w); ev && ev->objectName() == QLatin1String("event_log_table")) {
            check_event_rows(ev, &problems);
        }
    }
    return problems;
}

}  // namespace inflight::ui::test
