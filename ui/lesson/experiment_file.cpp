#include "ui/lesson/experiment_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStandardPaths>
#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/formats/json_duplicates.h"
#include "ui/lesson/run_metrics.h"
#include "app/formats/scenario_file.h"
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

constexpr char kFormat[] = "inflight-experiment/1";

// Thrown inside the parser only; turned into the one-line error.
struct Problem {
    QString where, what;
};

[[noreturn]] void fail(const QString& where, const QString& what) { throw Problem{where, what}; }

QString str(const std::string& s) { return QString::fromStdString(s); }

void only_keys(const QJsonObject& o, const QStringList& allowed, const QString& where) {
    for (const QString& k : o.keys())
        if (!allowed.contains(k))
            fail(where, QStringLiteral("unknown key \"%1\" (allowed: %2)").arg(k, allowed.join(", ")));
}

QString text(const QJsonObject& o, const QString& k, const QString& where, bool required) {
    const QJsonValue v = o.value(k);
    if (v.isUndefined()) {
        if (required) fail(where, QStringLiteral("\"%1\" is missing").arg(k));
        return {};
    }
    if (!v.isString()) fail(where + "." + k, QStringLiteral("must be a string"));
    if (required && v.toString().trimmed().isEmpty()) fail(where + "." + k, QStringLiteral("is empty"));
    return v.toString();
}

// A value in the unit of the field: a number in SI base units (a fraction
// for utilisation), or a string with a unit ("24Mbps", "250ms", "90%").
double metric_value(const QJsonValue& v, const std::string& field, const QString& where) {
    if (v.isDouble()) return v.toDouble();
    if (!v.isString()) fail(where, QStringLiteral("must be a number or a string with a unit"));
    const std::string t = v.toString().toStdString();
    Parsed<double> p;
    switch (metric_unit(field)) {
    case MetricUnit::Rate: p = parse_rate_bps(t, field); break;
    case MetricUnit::Time: p = parse_time_s(t, field); break;
    case MetricUnit::Fraction: p = parse_loss_fraction(t, field); break;
    case MetricUnit::Count: {
        const auto u = parse_unsigned(t, field);
        p.value = static_cast<double>(u.value);
        p.error = u.error;
        break;
    }
    case MetricUnit::Flag: fail(where, QStringLiteral("must be true or false"));
    }
    if (!p) fail(where, str(p.error));
    return p.value;
}

// A tolerance: a fraction (0.1) or a percentage ("10%").
double tolerance(const QJsonValue& v, const QString& where) {
    double t = 0;
    if (v.isDouble()) t = v.toDouble();
    else if (v.isString()) {
        const auto p = parse_loss_fraction(v.toString().toStdString(), "tolerance");
        if (!p) fail(where, str(p.error));
        t = p.value;
    } else fail(where, QStringLiteral("must be a fraction such as 0.1 or a string such as \"10%\""));
    if (!(t >= 0 && t < 10)) fail(where, QStringLiteral("must be between 0 and 1000%"));
    return t;
}

bool listed(const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
}

QString known_list(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    QStringList known;
    for (const auto& n : a) known << str(n);
    for (const auto& n : b) known << str(n);
    return known.join(", ");
}

// The flows of `s` in words, for "selects no flow" messages.
QString flows_in_words(const Scenario& s) {
    QStringList names;
    for (std::size_t i = 0; i < flow_count(s); ++i) names << str(resolve_flow(s, i).label);
    return names.join(", ");
}

// "flows[N].FIELD": the flow by position and the field; nothing when the
// name is not of that form.
std::optional<std::pair<std::size_t, std::string>> indexed_field(const std::string& name, const QString& where) {
    const std::string prefix = "flows[";
    if (name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    const std::size_t close = name.find("].", prefix.size());
    const std::string digits = close == std::string::npos ? "" : name.substr(prefix.size(), close - prefix.size());
    if (digits.empty() || digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        fail(where, QStringLiteral("\"%1\" is not a flow's field (write flows[N].FIELD, N from 0 as in \"flows\")").arg(str(name)));
    const std::size_t index = std::stoul(digits);
    if (index >= FlowLimits::max_flows)
        fail(where, QStringLiteral("flows[%1] is out of range; a scenario has at most %2 flows").arg(index).arg(FlowLimits::max_flows));
    return std::make_pair(index, name.substr(close + 2));
}

// Which flows the condition reads: "flows[N].FIELD", a "flow" key, or for
// ping_* and fct_* written alone every ping / every transfer. Checked
// against the step's own flows when it sets them: the selector must pick at
// least one, and the field must mean something for each one it picks.
void parse_selector(const QJsonObject& o, Condition& c, const QString& where, const Scenario* settings) {
    if (auto indexed = indexed_field(c.field, where + ".field")) {
        if (o.contains("flow")) fail(where, QStringLiteral("give the flow once: either flows[N].FIELD or \"flow\""));
        FlowSelector sel;
        sel.by = FlowSelector::By::Index;
        sel.index = indexed->first;
        sel.text = "flows[" + std::to_string(indexed->first) + "]";
        c.field = indexed->second;
        c.flow = sel;
    } else if (o.contains("flow")) {
        const QString word = text(o, "flow", where, true);
        c.flow = selector_from_word(word.toStdString());
    }
    const QString sel_where = where + (o.contains("flow") ? ".flow" : ".field");
    if (c.flow) {
        if (!is_flow_metric(c.field))
            fail(where + ".field", QStringLiteral("unknown field \"%1\" of a flow (known: %2)")
                                       .arg(str(c.field), known_list(flow_numeric_metric_names(), flow_text_metric_names())));
    } else if (!listed(text_metric_names(), c.field) && !listed(numeric_metric_names(), c.field)) {
        if (auto implied = implied_selector(c.field)) {
            c.flow = implied;
        } else if (is_flow_metric(c.field)) {
            fail(where + ".field", QStringLiteral("\"%1\" is a figure of one flow: say which, with \"flow\" "
                                                  "(an algorithm, ping, transfer or a label) or as flows[N].%1")
                                       .arg(str(c.field)));
        } else {
            fail(where + ".field", QStringLiteral("unknown field \"%1\" (known: %2; of a flow: %3)")
                                       .arg(str(c.field), known_list(numeric_metric_names(), text_metric_names()),
                                            known_list(flow_numeric_metric_names(), flow_text_metric_names())));
        }
    }
    if (!c.flow || !settings) return;
    const std::vector<std::size_t> picked = selected_flows(*settings, *c.flow);
    if (picked.empty()) {
        if (c.flow->by == FlowSelector::By::Index)
            fail(sel_where, QStringLiteral("%1 is out of range: this step's set has %2 (%3)")
                                .arg(str(c.flow->text),
                                     flow_count(*settings) == 1 ? QStringLiteral("1 flow")
                                                                : QStringLiteral("%1 flows").arg(flow_count(*settings)),
                                     flows_in_words(*settings)));
        fail(sel_where, QStringLiteral("\"%1\" selects no flow of this step's set (its flows: %2; a selector is reno, "
                                       "cubic, bbr, ping, transfer or a label)")
                            .arg(str(c.flow->text), flows_in_words(*settings)));
    }
    for (std::size_t i : picked)
        if (!flow_metric_applies(c.field, *settings, i))
            fail(where + ".field", QStringLiteral("\"%1\" is for %2; %3 is not one")
                                       .arg(str(c.field), str(flow_metric_for(c.field)), str(resolve_flow(*settings, i).label)));
}

Condition parse_condition(const QJsonValue& jv, const QString& where, const Scenario* settings) {
    if (!jv.isObject()) fail(where, QStringLiteral("must be an object with field, op and value"));
    const QJsonObject o = jv.toObject();
    only_keys(o, {"field", "flow", "op", "value", "tolerance"}, where);
    Condition c;
    c.field = text(o, "field", where, true).toStdString();
    parse_selector(o, c, where, settings);
    const bool is_text = c.flow ? listed(flow_text_metric_names(), c.field) : listed(text_metric_names(), c.field);
    const bool is_flag = metric_unit(c.field) == MetricUnit::Flag;
    static const std::pair<const char*, Condition::Op> ops[] = {
        {"<", Condition::Op::Less},       {"<=", Condition::Op::LessEq},
        {">", Condition::Op::Greater},    {">=", Condition::Op::GreaterEq},
        {"==", Condition::Op::Equal},     {"within", Condition::Op::Within},
        {"spread_below", Condition::Op::SpreadBelow}, {"falls_by", Condition::Op::FallsBy},
        {"rises_by", Condition::Op::RisesBy}};
    const QString op = text(o, "op", where, true);
    bool found = false;
    for (const auto& [name, value] : ops)
        if (op == QLatin1String(name)) { c.op = value; found = true; }
    if (!found)
        fail(where + ".op", QStringLiteral("\"%1\" is not a comparison (use <, <=, >, >=, ==, within, spread_below, falls_by, rises_by)").arg(op));
    if (!o.contains("value")) fail(where, QStringLiteral("\"value\" is missing"));
    if (is_text) {
        if (c.op != Condition::Op::Equal) fail(where + ".op", QStringLiteral("a text field takes only =="));
        const QString v = text(o, "value", where, true);
        QStringList limits;  // the model's names for them (to_string)
        for (int l = 0; l < kLimitCount; ++l) limits << QString::fromLatin1(to_string(static_cast<Limit>(l)));
        if (!limits.contains(v))
            fail(where + ".value", QStringLiteral("\"%1\" is not a limit (use %2)").arg(v, limits.join(", ")));
        c.text_value = v.toStdString();
    } else if (is_flag) {
        if (c.op != Condition::Op::Equal) fail(where + ".op", QStringLiteral("a yes/no field takes only =="));
        if (!o.value("value").isBool()) fail(where + ".value", QStringLiteral("must be true or false"));
        c.value = o.value("value").toBool() ? 1 : 0;
    } else {
        c.value = c.op == Condition::Op::SpreadBelow ? tolerance(o.value("value"), where + ".value")
                                                     : metric_value(o.value("value"), c.field, where + ".value");
    }
    if (c.op == Condition::Op::Within) {
        if (!o.contains("tolerance")) fail(where, QStringLiteral("\"within\" needs a \"tolerance\""));
        c.tolerance = tolerance(o.value("tolerance"), where + ".tolerance");
    } else if (o.contains("tolerance")) {
        fail(where + ".tolerance", QStringLiteral("only \"within\" takes a tolerance"));
    }
    return c;
}

// "bandwidth, rtt, loss, rwnd, sndbuf and buffer": the parameters a step
// may vary across runs.
std::string across_names() {
    std::vector<const char*> keys;
    for (const ParamRow& row : param_table())
        if (row.across) keys.push_back(row.key);
    std::string out;
    for (std::size_t i = 0; i < keys.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + keys[i];
    return out;
}

double param_value(Param p, const QJsonValue& v, const QString& where) {
    // Reuse the scenario-file reader on a one-key object: same units, same messages.
    Scenario s;
    QJsonObject one;
    one.insert(QString::fromUtf8(key(p)), v);
    if (auto err = scenario_from_json(QJsonDocument(one).toJson(), where.toStdString(), s,
                                      Limits::max_bandwidth_bps_app))
        fail(where, str(*err));
    if (param_row(p).across) return number(s, p);
    fail(where, QStringLiteral("only %1 can be swept").arg(QString::fromStdString(across_names())));
}

Across parse_across(const QJsonValue& jv, const QString& where) {
    if (!jv.isObject()) fail(where, QStringLiteral("must be an object with param, from and to"));
    const QJsonObject o = jv.toObject();
    only_keys(o, {"param", "from", "to", "min_runs", "stops"}, where);
    Across a;
    const QString name = text(o, "param", where, true);
    const auto p = param_from_key(name.toStdString());
    if (!p) fail(where + ".param", QStringLiteral("\"%1\" is not a parameter").arg(name));
    a.param = *p;
    if (!o.contains("from") || !o.contains("to")) fail(where, QStringLiteral("needs both \"from\" and \"to\""));
    a.from = param_value(a.param, o.value("from"), where + ".from");
    a.to = param_value(a.param, o.value("to"), where + ".to");
    if (!(a.from < a.to)) fail(where, QStringLiteral("\"from\" must be below \"to\""));
    if (o.contains("min_runs")) {
        const QJsonValue n = o.value("min_runs");
        if (!n.isDouble() || n.toDouble() != std::floor(n.toDouble()) || n.toDouble() < 2 || n.toDouble() > 50)
            fail(where + ".min_runs", QStringLiteral("must be a whole number from 2 to 50"));
        a.min_runs = n.toInt();
    }
    if (o.contains("stops")) {
        const QJsonValue stops = o.value("stops");
        if (!stops.isArray()) fail(where + ".stops", QStringLiteral("must be an array of values between \"from\" and \"to\""));
        const QJsonArray arr = stops.toArray();
        for (int i = 0; i < arr.size(); ++i) {
            const QString at = QStringLiteral("%1.stops[%2]").arg(where).arg(i);
            const double v = param_value(a.param, arr.at(i), at);
            if (!(v > a.from && v < a.to))
                fail(at, QStringLiteral("must lie between \"from\" and \"to\""));
            a.stops.push_back(v);
        }
    }
    return a;
}

// The settings the check holds the run to: every setting "Set it" puts in
// place — the keys the step's "set" names and the defaults for the rest,
// as the guide's "Set it changes" line lists them — but the swept
// parameter and the keys "free" names (those the step asks the student to
// change). A key the set leaves out is held at its default: ECN carried
// over from a later step that ticks it is not the earlier step's run. The
// seed aside, unless the set names it: another seed is the same experiment.
// A "free" key the set does not name is refused: the step would not say
// where the student starts from.
// The keys a kernel run does not take from the step: the model's stack and
// its details (the kernel is Linux itself) and the duration (chosen beside
// the kernel's button, in wall time).
bool model_only_key(const QString& k) {
    for (Param p : {Param::Stack, Param::BbrPacing, Param::BbrHeadroom, Param::Hystart, Param::DelayedAcks,
                    Param::Autotuning, Param::Prr, Param::SlowStartRoom, Param::Duration})
        if (k == QLatin1String(key(p))) return true;
    return false;
}

FixedSettings parse_fixed(const QJsonObject& check, const QJsonObject& set, const Scenario& settings,
                          const std::optional<Across>& across, bool on_kernel, const QString& where) {
    QStringList free;
    if (check.contains("free")) {
        const QJsonValue v = check.value("free");
        if (!v.isArray()) fail(where + ".free", QStringLiteral("must be an array of keys of this step's set"));
        const QJsonArray arr = v.toArray();
        for (int i = 0; i < arr.size(); ++i) {
            const QString at = QStringLiteral("%1.free[%2]").arg(where).arg(i);
            if (!arr.at(i).isString()) fail(at, QStringLiteral("must be a key of this step's set, as a string"));
            const QString k = arr.at(i).toString();
            if (!set.contains(k))
                fail(at, QStringLiteral("\"%1\" is not a key of this step's set (its keys: %2)")
                             .arg(k, set.keys().join(", ")));
            free << k;
        }
    }
    FixedSettings f;
    f.as_set = settings;
    QStringList every = scenario_to_json(settings).keys();
    if (!every.contains(QLatin1String("flows"))) every << QStringLiteral("flows");
    every.sort();
    for (const QString& k : every) {
        if (free.contains(k)) continue;
        if (k == QLatin1String(key(Param::Seed)) && !set.contains(k)) continue;
        if (on_kernel && model_only_key(k)) continue;
        if (across && k == QLatin1String(key(across->param))) continue;
        f.keys.push_back(k.toStdString());
    }
    return f;
}

// `set`: the step's "set" object with `settings` read from it, or null
// for a step without one.
Check parse_check(const QJsonValue& jv, const QString& where, const Scenario* settings, const QJsonObject* set) {
    if (!jv.isObject()) fail(where, QStringLiteral("must be an object with text and all"));
    const QJsonObject o = jv.toObject();
    only_keys(o, {"text", "all", "across", "free", "on"}, where);
    Check c;
    c.text = text(o, "text", where, true).toStdString();
    if (o.contains("on")) {
        const QString on = o.value("on").toString();
        if (on != QLatin1String("kernel") && on != QLatin1String("model"))
            fail(where + ".on", QStringLiteral("must be \"model\" (the default) or \"kernel\" (the run on this computer's kernel)"));
        c.on_kernel = on == QLatin1String("kernel");
    }
    const QJsonValue all = o.value("all");
    if (!all.isArray() || all.toArray().isEmpty())
        fail(where + ".all", QStringLiteral("must be a non-empty array of conditions"));
    const QJsonArray arr = all.toArray();
    for (int i = 0; i < arr.size(); ++i)
        c.all.push_back(parse_condition(arr.at(i), QStringLiteral("%1.all[%2]").arg(where).arg(i), settings));
    if (o.contains("across")) {
        if (c.on_kernel)
            fail(where + ".across", QStringLiteral("a check on the kernel reads one kernel run; \"across\" is for the model's runs"));
        c.across = parse_across(o.value("across"), where + ".across");
    }
    for (std::size_t i = 0; i < c.all.size(); ++i) {
        const Condition::Op op = c.all[i].op;
        if (!c.across && (op == Condition::Op::FallsBy || op == Condition::Op::RisesBy))
            fail(QStringLiteral("%1.all[%2].op").arg(where).arg(i),
                 QStringLiteral("falls_by and rises_by compare the runs of a sweep: the check needs \"across\""));
    }
    if (set && settings) c.fixed = parse_fixed(o, *set, *settings, c.across, c.on_kernel, where);
    else if (o.contains("free")) fail(where + ".free", QStringLiteral("frees keys of the step's \"set\", and this step has none"));
    return c;
}

Step parse_step(const QJsonValue& jv, const QString& where) {
    if (!jv.isObject()) fail(where, QStringLiteral("must be an object"));
    const QJsonObject o = jv.toObject();
    only_keys(o, {"title", "set", "set_text", "do", "watch", "why", "check"}, where);
    Step s;
    s.title = text(o, "title", where, true).toStdString();
    s.todo = text(o, "do", where, true).toStdString();
    s.watch = text(o, "watch", where, true).toStdString();
    s.why = text(o, "why", where, true).toStdString();
    s.set_text = text(o, "set_text", where, false).toStdString();
    if (o.contains("set")) {
        const QJsonValue set = o.value("set");
        if (!set.isObject()) fail(where + ".set", QStringLiteral("must be an object of scenario keys"));
        Scenario sc;  // the scenario's defaults (CUBIC, 100 Mbit/s, 80 ms, ...)
        if (auto err = scenario_from_json(QJsonDocument(set.toObject()).toJson(), (where + ".set").toStdString(),
                                          sc, Limits::max_bandwidth_bps_app))
            fail(where + ".set", str(*err));
        s.settings = sc;
        s.has_settings = true;
    }
    if (!o.contains("check")) fail(where, QStringLiteral("\"check\" is missing"));
    const QJsonObject set = o.value("set").toObject();
    s.check = parse_check(o.value("check"), where + ".check", s.has_settings ? &s.settings : nullptr,
                          s.has_settings ? &set : nullptr);
    return s;
}

Experiment parse(const QByteArray& json) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        fail(QStringLiteral("offset %1").arg(pe.offset), QStringLiteral("not valid JSON (%1)").arg(pe.errorString()));
    if (!doc.isObject()) fail(QStringLiteral("top level"), QStringLiteral("must be one JSON object"));
    // A key given twice in one object: refused, as in a scenario file (Qt would keep the last).
    if (const auto twice = first_duplicate_key(std::string_view(json.constData(), static_cast<std::size_t>(json.size()))))
        fail(QStringLiteral("line %1").arg(twice->line),
             QStringLiteral("\"%1\" is given twice in one object; give each key once").arg(QString::fromStdString(twice->key)));
    const QJsonObject o = doc.object();
    only_keys(o, {"format", "id", "title", "intro", "steps"}, QStringLiteral("top level"));
    if (o.value("format").toString() != QLatin1String(kFormat))
        fail(QStringLiteral("format"), QStringLiteral("must be \"%1\"").arg(kFormat));
    Experiment e;
    e.id = text(o, "id", QStringLiteral("top level"), true).toStdString();
    e.title = text(o, "title", QStringLiteral("top level"), true).toStdString();
    e.intro = text(o, "intro", QStringLiteral("top level"), false).toStdString();
    const QJsonValue steps = o.value("steps");
    if (!steps.isArray() || steps.toArray().isEmpty())
        fail(QStringLiteral("steps"), QStringLiteral("must be a non-empty array"));
    const QJsonArray arr = steps.toArray();
    if (arr.size() > 30) fail(QStringLiteral("steps"), QStringLiteral("at most 30 steps"));
    for (int i = 0; i < arr.size(); ++i)
        e.steps.push_back(parse_step(arr.at(i), QStringLiteral("steps[%1]").arg(i)));
    return e;
}

}  // namespace

std::variant<Experiment, QString> parse_experiment(const QByteArray& json, const QString& source) {
    try {
        Experiment e = parse(json);
        e.source = source.toStdString();
        return e;
    } catch (const Problem& p) {
        return QStringLiteral("%1: %2: %3").arg(source, p.where, p.what);
    }
}

std::variant<Experiment, QString> load_experiment_file(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: cannot be read (%2)").arg(path, f.errorString());
    if (f.size() > kMaxExperimentFileBytes)
        return QStringLiteral("%1: %2 bytes is too large for an experiment (at most %3)")
            .arg(path).arg(f.size()).arg(kMaxExperimentFileBytes);
    // A device reports size 0 and may never end (/dev/zero): read one byte
    // past the limit, never more.
    const QByteArray bytes = f.read(kMaxExperimentFileBytes + 1);
    if (bytes.size() > kMaxExperimentFileBytes)
        return QStringLiteral("%1: too large for an experiment (more than %2 bytes)").arg(path).arg(kMaxExperimentFileBytes);
    return parse_experiment(bytes, path);
}

QString user_experiments_dir() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("experiments");
}

// A folder's experiment files in the order their numbers say: "10-…" after
// "9-…" (QDir::Name alone sorts character by character, "10" before "2";
// QCollator's numeric mode needs ICU and a locale, which a test or a
// minimal system may not have). Files without a leading number follow, by name.
static QStringList files_in_number_order(const QDir& dir) {
    QStringList names = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
    const auto number = [](const QString& name) {
        qsizetype digits = 0;
        while (digits < name.size() && digits < 9 && name[digits].isDigit()) ++digits;
        return digits == 0 ? std::numeric_limits<int>::max() : name.left(digits).toInt();
    };
    std::stable_sort(names.begin(), names.end(),
                     [&number](const QString& a, const QString& b) { return number(a) < number(b); });
    return names;
}

ExperimentSet load_all_experiments(const QString& user_dir) {
    ExperimentSet set;
    const auto take = [&set](const QString& path) {
        auto r = load_experiment_file(path);
        if (auto* e = std::get_if<Experiment>(&r)) set.experiments.push_back(std::move(*e));
        else set.errors << std::get<QString>(r);
    };
    const QDir builtin(QStringLiteral(":/inflight/experiments"));
    for (const QString& name : files_in_number_order(builtin)) take(builtin.filePath(name));
    if (!user_dir.isEmpty()) {
        const QDir user(user_dir);
        if (user.exists())
            for (const QString& name : files_in_number_order(user)) take(user.filePath(name));
    }
    return set;
}

}  // namespace inflight::ui
