// The flows as a table (flow_list_model.h).
#include "ui/controls/flow_list_model.h"

#include <QColor>
#include <QFont>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <algorithm>

#include "app/formats/flow_text.h"
#include "ui/lesson/value_text.h"
#include "ui/panels/flow_lines.h"
#include "ui/panels/flow_palette.h"
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::ui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// The algorithm as the Algorithm control names it.
QString algo_name(Algorithm a) {
    switch (a) {
        case Algorithm::Reno: return QStringLiteral("Reno");
        case Algorithm::Cubic: return QStringLiteral("CUBIC");
        case Algorithm::Bbr: return QStringLiteral("BBR");
    }
    return {};
}

// "40" typed where the column shows ms means 40 ms, as in the sliders'
// boxes; text with a unit (or anything else) goes to the parser unchanged.
std::string with_unit(std::string text, const char* unit) {
    if (!text.empty() && ((text.back() >= '0' && text.back() <= '9') || text.back() == '.')) text += unit;
    return text;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return s;
}

// The keys of the other kind go when a flow changes kind.
void drop_keys_of_other_kind(FlowSpec& f) {
    const FlowSpec plain;
    if (f.kind == FlowKind::Ping) {
        f.size_bytes.reset();
        f.every_s.reset();
        f.rwnd_bytes.reset();
        f.sndbuf_bytes.reset();
        f.pacing.reset();
        f.stop_s.reset();
        f.app = plain.app;  // a request/response application is TCP's
        f.rpc_writes.clear();
        f.rpc_response_bytes.reset();
        f.rpc_think_s.reset();
        f.nodelay.reset();
    } else {
        f.ping_interval_s = plain.ping_interval_s;
        f.ping_bytes = plain.ping_bytes;
    }
}

// The request/response keys the Size cell of an rpc flow takes, in order.
constexpr FlowKey kRpcKeys[] = {FlowKey::Writes, FlowKey::Response, FlowKey::Think, FlowKey::Nodelay};

bool starts_rpc(const std::string& word) { return word == "rpc" || word.rfind("rpc ", 0) == 0 || word.rfind("rpc,", 0) == 0; }

// A think time as the parser reads it back, without a space: "10ms", "1.5s".
std::string think_text(double s) {
    if (s == 0) return "0s";
    return s < 1 ? exact_number(s * 1e3) + "ms" : exact_number(s) + "s";
}

// "rpc writes=100B+100B response=100B think=10ms nodelay=on" (spaces or
// commas between the pairs; a value may have its unit after a space,
// "think=10 ms"): the flow becomes a request/response flow with those keys
// and the defaults for the rest. A key that is not one of them, or a value
// the key's parser refuses, is one line naming flows[row].KEY.
std::optional<std::string> set_rpc_from_text(FlowSpec& f, const std::string& text, int row) {
    std::vector<std::string> words;
    std::string word;
    for (const char c : text.substr(3) + " ") {
        if (c != ' ' && c != ',' && c != '\t') {
            word += c;
            continue;
        }
        if (word.empty()) continue;
        // "10 ms": a unit alone joins the value before it.
        if (word.find('=') == std::string::npos && !words.empty() && words.back().find('=') != std::string::npos)
            words.back() += word;
        else words.push_back(word);
        word.clear();
    }
    FlowSpec next = f;
    next.app = FlowApp::Rpc;
    next.size_bytes.reset();
    next.every_s.reset();
    next.rpc_writes.clear();
    next.rpc_response_bytes.reset();
    next.rpc_think_s.reset();
    next.nodelay.reset();
    const std::string prefix = "flows[" + std::to_string(row) + "].";
    for (const std::string& w : words) {
        const std::size_t eq = w.find('=');
        const std::string name = w.substr(0, eq);
        const auto k = flow_key_from_key(name);
        if (eq == std::string::npos || !k || std::find(std::begin(kRpcKeys), std::end(kRpcKeys), *k) == std::end(kRpcKeys))
            return prefix + key(FlowKey::App) + ": '" + w +
                   "' is not a key of a request/response flow; use rpc writes=100B+100B response=100B think=0s "
                   "nodelay=off (any of them)";
        if (auto err = set_flow_key_from_text(next, *k, w.substr(eq + 1), prefix + key(*k))) return err;
    }
    f = next;
    return std::nullopt;
}

// The flow is no longer a request/response flow (a size, or bulk, typed).
void drop_rpc(FlowSpec& f) {
    f.app = FlowApp::Transfer;
    f.rpc_writes.clear();
    f.rpc_response_bytes.reset();
    f.rpc_think_s.reset();
    f.nodelay.reset();
}

// The flow's swatch: a short thick stroke in its colour and line style, as
// its lines are drawn (past the seven colours the style tells flows apart).
QIcon swatch(int index, bool dark) {
    constexpr int kSide = 16;
    QPixmap pm(kSide, kSide);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    // Three strokes of 3 px: a square for a solid line, dashes or dots for
    // the others.
    constexpr double kWidth = 3;
    QPen pen(flow_colour(index, dark), kWidth, Qt::SolidLine, Qt::FlatCap);
    // The style's pattern, shortened to show twice in 16 px (in pen widths).
    switch (flow_pen_style(index, false)) {
        case Qt::DashLine: pen.setDashPattern({1.4, 0.8}); break;
        case Qt::DotLine: pen.setDashPattern({0.6, 0.8}); break;
        case Qt::DashDotLine: pen.setDashPattern({1.4, 0.6, 0.6, 0.6}); break;
        case Qt::DashDotDotLine: pen.setDashPattern({1.4, 0.6, 0.6, 0.6, 0.6, 0.6}); break;
        default: break;
    }
    p.setPen(pen);
    for (double y : {2.5, 8.0, 13.5}) p.drawLine(QPointF(0, y), QPointF(kSide, y));
    p.end();
    return QIcon(pm);
}

}  // namespace

FlowListModel::FlowListModel(QObject* parent) : QAbstractTableModel(parent) {}

void FlowListModel::setScenario(const Scenario& s) {
    beginResetModel();
    defaults_ = s;
    defaults_.flows.clear();
    flows_ = s.flows;
    endResetModel();
}

void FlowListModel::setDefaults(const Scenario& s) {
    defaults_ = s;
    defaults_.flows.clear();
    if (!flows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void FlowListModel::setDark(bool dark) {
    if (dark == dark_) return;
    dark_ = dark;
    if (!flows_.empty()) emit dataChanged(index(0, Flow), index(rowCount() - 1, Flow), {Qt::DecorationRole});
}

void FlowListModel::setDefaultsFolded(bool folded) {
    if (folded == defaults_folded_) return;
    defaults_folded_ = folded;
    if (!flows_.empty())
        emit dataChanged(index(0, Flow), index(rowCount() - 1, Flow), {Qt::ToolTipRole, Qt::AccessibleTextRole});
}

bool FlowListModel::holdsOnlyDefaults(int column) const {
    const auto left_at_default = [column](const FlowSpec& f) {
        if (column == Start) return f.start_s == 0;
        if (column == Every) return f.kind == FlowKind::Tcp && !f.every_s;
        return false;
    };
    return std::all_of(flows_.begin(), flows_.end(), left_at_default);
}

bool FlowListModel::columnFolded(int column) const { return defaults_folded_ && holdsOnlyDefaults(column); }

QString FlowListModel::foldedNote(int row) const {
    QString note;
    if (columnFolded(Start)) note += tr(" · starts at %1").arg(displayText(row, Start));
    // Every's "—" (bulk, request/response) says nothing; "once" is a transfer's.
    if (columnFolded(Every) && flows_[static_cast<std::size_t>(row)].size_bytes) note += tr(" · sent once");
    return note;
}

Scenario FlowListModel::withFlows() const {
    Scenario s = defaults_;
    s.flows = flows_;
    return s;
}

FlowKey FlowListModel::keyAt(int row, int column) const {
    const bool ping = row >= 0 && row < rowCount() && flows_[static_cast<std::size_t>(row)].kind == FlowKind::Ping;
    switch (column) {
        case Flow: return FlowKey::Algo;
        case Rtt: return FlowKey::Rtt;
        case Start: return FlowKey::Start;
        case Size:
            return ping ? FlowKey::Bytes : flows_[static_cast<std::size_t>(row)].app == FlowApp::Rpc ? FlowKey::App
                                                                                                    : FlowKey::Size;
        case Every: return ping ? FlowKey::Interval : FlowKey::Every;
        default: return FlowKey::Label;
    }
}

QString FlowListModel::flowName(int row) const {
    const Scenario s = withFlows();
    const auto i = static_cast<std::size_t>(row);
    if (i < flows_.size() && !flows_[i].label.empty())
        return tr("“%1” (flow %2)").arg(q(flows_[i].label)).arg(row + 1);
    return q(default_label(s, i));
}

std::optional<QString> FlowListModel::check(int row, int column, const QString& qtext, FlowSpec* out) const {
    if (row < 0 || row >= rowCount() || column < 0 || column >= ColumnCount) return tr("no such flow");
    const auto i = static_cast<std::size_t>(row);
    FlowSpec f = flows_[i];
    const FlowKey k = keyAt(row, column);
    const std::string where = "flows[" + std::to_string(row) + "]." + key(k);
    const std::string text = (k == FlowKey::Label ? qtext : qtext.trimmed()).toStdString();
    const std::string word = lower(text);
    std::optional<std::string> err;
    switch (k) {
        case FlowKey::Algo: {
            const FlowKind was = f.kind;
            err = set_flow_algo_from_text(f, text, where);
            if (!err && f.kind != was) drop_keys_of_other_kind(f);
            break;
        }
        case FlowKey::Rtt:
            if (word.empty() || word == "default") f.rtt_s.reset();
            else err = set_flow_key_from_text(f, k, with_unit(text, "ms"), where);
            break;
        case FlowKey::Start:
            if (word.empty()) f.start_s = 0;
            else err = set_flow_key_from_text(f, k, with_unit(text, "s"), where);
            break;
        case FlowKey::Size:
        case FlowKey::App:
            if (starts_rpc(word)) {
                err = set_rpc_from_text(f, word, row);  // every value is case-blind
                break;
            }
            drop_rpc(f);
            if (word.empty() || word == "bulk") {
                f.size_bytes.reset();
                f.every_s.reset();  // every repeats a finite transfer: a bulk flow has none
            } else {
                // A size: a transfer, whatever the flow was.
                const std::string size_where = "flows[" + std::to_string(row) + "]." + key(FlowKey::Size);
                err = set_flow_key_from_text(f, FlowKey::Size, text, size_where);
            }
            break;
        case FlowKey::Every:
            if (word.empty() || word == "once") f.every_s.reset();
            else err = set_flow_key_from_text(f, k, with_unit(text, "s"), where);
            break;
        case FlowKey::Interval:
            if (word.empty()) f.ping_interval_s = FlowSpec{}.ping_interval_s;
            else err = set_flow_key_from_text(f, k, with_unit(text, "ms"), where);
            break;
        case FlowKey::Bytes:
            if (word.empty()) f.ping_bytes = FlowSpec{}.ping_bytes;
            else err = set_flow_key_from_text(f, k, text, where);
            break;
        default: err = set_flow_key_from_text(f, k, text, where); break;
    }
    if (!err) {
        // The flow in its scenario: start within the run, every with a size…
        // Only this flow is checked (flows before it stand in as plain bulk
        // flows, so the error still names flows[row]).
        Scenario s = defaults_;
        s.flows.assign(i, FlowSpec{});
        s.flows.push_back(f);
        err = validate_flows(s);
    }
    if (err) {
        // "flows[1].rtt: …" → "flow 2 (bbr), rtt: …": the flow as the list shows it.
        QString line = q(*err);
        const QString prefix = QStringLiteral("flows[%1].").arg(row);
        if (line.startsWith(prefix)) line = flowName(row) + QStringLiteral(", ") + line.mid(prefix.size());
        return line;
    }
    if (out) *out = f;
    return std::nullopt;
}

std::optional<QString> FlowListModel::edit(int row, int column, const QString& text) {
    FlowSpec f;
    if (auto err = check(row, column, text, &f)) return err;
    auto& slot = flows_[static_cast<std::size_t>(row)];
    if (f == slot) return std::nullopt;
    const bool kind_changed = f.kind != slot.kind;
    slot = f;
    // The whole row: a new kind changes what Size and Every show; a new
    // algorithm changes the default label.
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    if (kind_changed) emit headerDataChanged(Qt::Horizontal, Size, Every);
    emit flowsEdited();
    return std::nullopt;
}

void FlowListModel::setFlows(std::vector<FlowSpec> flows) {
    beginResetModel();
    flows_ = std::move(flows);
    endResetModel();
    emit flowsEdited();
}

void FlowListModel::insertFlow(int row, const FlowSpec& f) {
    row = std::clamp(row, 0, rowCount());
    beginInsertRows({}, row, row);
    flows_.insert(flows_.begin() + row, f);
    endInsertRows();
    // Default labels and colours follow the position.
    if (row + 1 < rowCount()) emit dataChanged(index(row + 1, 0), index(rowCount() - 1, ColumnCount - 1));
    emit flowsEdited();
}

void FlowListModel::removeFlow(int row) {
    if (row < 0 || row >= rowCount()) return;
    beginRemoveRows({}, row, row);
    flows_.erase(flows_.begin() + row);
    endRemoveRows();
    if (row < rowCount()) emit dataChanged(index(row, 0), index(rowCount() - 1, ColumnCount - 1));
    emit flowsEdited();
}

int FlowListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(flows_.size());
}

int FlowListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

bool FlowListModel::inherited(int row, int column) const {
    const FlowSpec& f = flows_[static_cast<std::size_t>(row)];
    switch (column) {
        case Flow: return f.kind == FlowKind::Tcp && !f.algorithm;
        case Rtt: return !f.rtt_s;
        case Label: return f.label.empty();
        default: return false;
    }
}

// A request/response flow's Size cell: its writes ("rpc 100B+100B", what
// Nagle is about), narrow enough for the controls column at 1280×720;
// `whole` adds the response, the think time and TCP_NODELAY when set
// ("rpc 100B+100B→100B, think 10 ms, nodelay": the tooltip).
QString FlowListModel::rpcText(const ResolvedFlow& r, bool whole) {
    QString text = QStringLiteral("rpc %1").arg(q(rpc_writes_text(r.rpc->writes)));
    if (!whole) return text;
    text += QStringLiteral("→%1B").arg(r.rpc->response_bytes);
    if (r.rpc->think_s > 0) text += tr(", think %1").arg(q(format_time(r.rpc->think_s)));
    if (r.rpc->nodelay) text += tr(", nodelay");
    return text;
}

QString FlowListModel::displayText(int row, int column) const {
    const auto i = static_cast<std::size_t>(row);
    const FlowSpec& f = flows_[i];
    const ResolvedFlow r = resolve_flow(withFlows(), i);
    const bool ping = f.kind == FlowKind::Ping;
    switch (column) {
        case Flow: return ping ? tr("ping") : algo_name(r.algorithm);
        case Rtt: return q(format_value(Quantity::TimeMs, r.rtt_s));
        case Start: return q(format_time(f.start_s));
        case Size:
            if (ping) return q(format_size(f.ping_bytes));
            if (r.rpc) return rpcText(r, false);
            return f.size_bytes ? q(format_size_short(*f.size_bytes)) : tr("bulk");
        case Every:
            if (ping) return q(format_time(f.ping_interval_s));
            if (!f.size_bytes) return QStringLiteral("—");
            return f.every_s ? q(format_time(*f.every_s)) : tr("once");
        case Label: return q(f.label);  // the default name ("flow 2 (bbr)") is in the tooltip: no room
    }
    return {};
}

QString FlowListModel::editText(int row, int column) const {
    const FlowSpec& f = flows_[static_cast<std::size_t>(row)];
    switch (column) {
        case Flow: return f.kind == FlowKind::Ping ? QStringLiteral("ping") : displayText(row, column).toLower();
        case Every: return f.kind == FlowKind::Tcp && !f.size_bytes ? QString() : displayText(row, column);
        case Size: {
            if (f.kind != FlowKind::Tcp || f.app != FlowApp::Rpc) return displayText(row, column);
            // Every key written out, so each can be corrected in place.
            const ResolvedFlow r = resolve_flow(withFlows(), static_cast<std::size_t>(row));
            return q("rpc writes=" + rpc_writes_text(r.rpc->writes) + " response=" +
                     std::to_string(r.rpc->response_bytes) + "B think=" + think_text(r.rpc->think_s) +
                     " nodelay=" + (r.rpc->nodelay ? "on" : "off"));
        }
        case Label: return q(f.label);
        default: return displayText(row, column);
    }
}

QVariant FlowListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const int row = index.row(), column = index.column();
    const FlowSpec& f = flows_[static_cast<std::size_t>(row)];
    switch (role) {
        case Qt::DisplayRole: return displayText(row, column);
        case Qt::EditRole: return editText(row, column);
        case Qt::DecorationRole:
            if (column == Flow) return swatch(row, dark_);
            return {};
        case Qt::FontRole:
            if (inherited(row, column)) {
                QFont font;
                font.setItalic(true);
                return font;
            }
            return {};
        case Qt::ToolTipRole:
        case Qt::AccessibleTextRole: {
            const ResolvedFlow resolved = resolve_flow(withFlows(), static_cast<std::size_t>(row));
            const QString shown = column == Label && f.label.empty() ? q(resolved.label)
                                  : column == Size && resolved.rpc   ? rpcText(resolved, true)
                                                                     : displayText(row, column);
            QString what = QStringLiteral("%1, %2: %3").arg(flowName(row), q(key(keyAt(row, column))), shown);
            if (column == Flow)
                what += flow_pen_style(row, false) == Qt::SolidLine
                            ? tr(" (colour: %1)").arg(flow_colour_name(row))
                            : tr(" (colour: %1, %2 line)").arg(flow_colour_name(row),
                                                               pen_style_name(flow_pen_style(row, false)));
            if (column == Flow) what += foldedNote(row);
            if (inherited(row, column))
                what += column == Label ? tr(" (the default name)") : tr(" (the scenario's, from the control)");
            if (f.kind == FlowKind::Tcp && column == Size && f.app == FlowApp::Rpc)
                what += tr(" (request/response on one connection: the request's writes → the response's size; "
                           "think: the pause after each response; nodelay: TCP_NODELAY, no Nagle)");
            else if (f.kind == FlowKind::Tcp && column == Size && !f.size_bytes)
                what += tr(" (always has data to send)");
            return what;
        }
        default: return {};
    }
}

QVariant FlowListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
            case Flow: return tr("Flow");
            case Rtt: return tr("RTT");
            case Start: return tr("Start");
            case Size: return tr("Size");
            case Every: return tr("Every");
            case Label: return tr("Label");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case Flow: return tr("Its colour in every panel, and its algorithm (reno, cubic, bbr) or ping");
            case Rtt: return tr("This flow's base RTT (the bottleneck is shared). Empty: the Base RTT control's. "
                                "A bare number is ms.");
            case Start: return tr("When the flow begins, within the run. A bare number is s.");
            case Size: return tr("Bytes to transfer (e.g. 100KB); “bulk”: it always has data; "
                                 "“rpc”: request/response transactions on one connection, with any of "
                                 "writes=100B+100B response=100B think=10ms nodelay=on. "
                                 "For a ping: the probe's size (28 – 9000 B).");
            case Every: return tr("With a size: a new transfer (a new connection) this often; “once”: one. "
                                  "For a ping: one probe this often (1 ms – 10 s). A bare number is s "
                                  "(ms for a ping).");
            case Label: return tr("The name the panels show; empty: “flow N (ALGO)”");
        }
    }
    return {};
}

Qt::ItemFlags FlowListModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool FlowListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid()) return false;
    if (auto err = edit(index.row(), index.column(), value.toString())) {
        emit refused(index.row(), index.column(), *err);
        return false;
    }
    return true;
}

}  // namespace inflight::ui
