// The run option table and the help lines made from it (options.h).
#include "app/cli/options.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <vector>

#include "app/formats/atomic_write.h"
#include "model/core/parameters.h"

namespace inflight::cli {
namespace {

// The options after the scenario parameters', in the order of --help.
constexpr Option kOtherRunOptions[] = {
    {"flow", Kind::Flow, Param::Algorithm, "SPEC",
     "a flow sharing the path (repeatable): ALGO or ping[,key=value...]"},
    {"parallel", Kind::Parallel, Param::Algorithm, "N", "N identical bulk flows from the options above, 1 - 100"},
    {"scenario", Kind::Scenario, Param::Algorithm, "FILE.json",
     "start from a scenario file; options given here override it"},
    {"json", Kind::Json, Param::Algorithm, "", "print one JSON object instead of the summary"},
    {"csv", Kind::Output, Param::Algorithm, "FILE", "write the trace as CSV ('-': on standard output, in place of the summary)"},
    {"events", Kind::Output, Param::Algorithm, "FILE", "write the event log as CSV ('-': on standard output)"},
    {"transactions", Kind::Output, Param::Algorithm, "FILE",
     "write each request/response transaction (time, flow, latency) as CSV ('-': on standard output)"},
    {"png", Kind::Output, Param::Algorithm, "FILE", "render the dashboard to PNG (offscreen)"},
    {"svg", Kind::Output, Param::Algorithm, "FILE", "render the dashboard to SVG (offscreen; FILE ends in .svg)"},
    {"pcap", Kind::Output, Param::Algorithm, "FILE",
     "write the packets a capture at the sender sees (pcap, for Wireshark and inflight capture)"},
    {"tsg", Kind::Output, Param::Algorithm, "FILE",
     "draw one flow's time-sequence graph (PNG, or SVG for a .svg name)"},
    {"tsg-flow", Kind::Setting, Param::Algorithm, "N", "the flow --tsg draws, counted from 1 (default 1)"},
    {"size", Kind::Figure, Param::Algorithm, "WxH",
     "the --png/--svg/--tsg figure's size in pixels, 960x540 - 7680x4320 (default 1920x1080)"},
    {"presentation", Kind::FigureSwitch, Param::Algorithm, "",
     "the --png/--svg/--tsg figure in the presentation look (Okabe-Ito, thick lines, larger type)"},
    {"help", Kind::Help, Param::Algorithm, "", "show this help"},
};

constexpr std::size_t kHelpColumn = 26;
constexpr std::string_view kRangePlaceholder = "{range}";
constexpr std::string_view kDefaultPlaceholder = "{default}";

// The parameter table's options (a switch's on and off), then the others.
std::vector<Option> made_run_options() {
    std::vector<Option> out;
    for (const ParamRow& row : param_table()) {
        if (row.type == ParamType::Switch) {
            out.push_back({row.option, Kind::SwitchOn, row.param, row.value_hint, row.option_help});
            out.push_back({row.off_option, Kind::SwitchOff, row.param, "", row.off_help});
        } else {
            out.push_back({row.option, Kind::Value, row.param, row.value_hint, row.option_help});
        }
    }
    out.insert(out.end(), std::begin(kOtherRunOptions), std::end(kOtherRunOptions));
    return out;
}

bool is_number(std::string_view word) { return !word.empty() && word[0] >= '0' && word[0] <= '9'; }

}  // namespace

bool takes_value(Kind kind) {
    return kind == Kind::Value || kind == Kind::Scenario || kind == Kind::Output || kind == Kind::Setting ||
           kind == Kind::Flow || kind == Kind::Parallel || kind == Kind::Figure;
}

bool sets_scenario(Kind kind) {
    return kind == Kind::Value || kind == Kind::SwitchOn || kind == Kind::SwitchOff;
}

std::span<const Option> run_options() {
    static const std::vector<Option> options = made_run_options();
    return options;
}

const Option* find_option(std::span<const Option> options, std::string_view name) {
    for (const Option& o : options)
        if (name == o.name) return &o;
    return nullptr;
}

std::string help_range(Param p) {
    std::string words = allowed_range(p);  // e.g. "16 KiB – 1 GiB (16,384 – 1,073,741,824 B)"
    if (const auto at = words.find(" or "); at != std::string::npos) words.erase(0, at + 4);
    words = words.substr(0, words.find(" ("));
    // Word by word: a unit joins its number ("1 ms" -> "1ms"), "bit/s" is
    // typed "bps", a plain "B" is left out (a plain number is bytes), and
    // the dash is one a keyboard has.
    std::istringstream in(words);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        if (word == "\xe2\x80\x93") word = "-";  // "–"
        if (const auto at = word.find("bit/s"); at != std::string::npos) word.replace(at, 5, "bps");
        if (!out.empty() && is_number(out.back()) && !is_number(word) && word != "-") {
            if (word != "B") out.back() += word;
            continue;
        }
        out.push_back(word);
    }
    std::string text;
    for (const std::string& w : out) text += (text.empty() ? "" : " ") + w;
    return text;
}

std::string option_help(const Option& option) {
    std::string help = option.help;
    if (const auto at = help.find(kRangePlaceholder); at != std::string::npos)
        help.replace(at, kRangePlaceholder.size(), help_range(option.param));
    if (const auto at = help.find(kDefaultPlaceholder); at != std::string::npos)
        help.replace(at, kDefaultPlaceholder.size(), param_row(option.param).default_text);
    return help;
}

std::string fill_words(std::string_view text, std::size_t width) {
    std::string out, line;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t space = std::min(text.find(' ', at), text.size());
        // "(default none)" stays on one line.
        const std::string_view first = text.substr(at, space - at);
        if ((first == "(default" || first == "default") && space < text.size())
            space = std::min(text.find(' ', space + 1), text.size());
        const std::string_view word = text.substr(at, space - at);
        at = space + 1;
        if (word.empty()) continue;
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += word;
    }
    return out + line + "\n";
}

std::string help_lines(const Option& option) {
    std::string out = "  --" + std::string(option.name);
    if (*option.value) {
        out += ' ';
        out += option.value;
    }
    const std::string indent(kHelpColumn, ' ');
    if (out.size() < kHelpColumn) out.resize(kHelpColumn, ' ');
    else out += "\n" + indent;
    const std::string text = fill_words(option_help(option), kHelpWidth - kHelpColumn);
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = text.find('\n', at) + 1;
        if (at > 0) out += indent;
        out.append(text, at, end - at);
        at = end;
    }
    return out;
}

bool ends_with(std::string_view text, std::string_view end) {
    if (text.size() < end.size()) return false;
    for (std::size_t i = 0; i < end.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[text.size() - end.size() + i])) != end[i]) return false;
    return true;
}

bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    std::error_code ec_a, ec_b;
    if (fs::equivalent(a, b, ec_a)) return true;  // both exist: one file under two names
    const fs::path pa = fs::weakly_canonical(fs::absolute(a, ec_a), ec_a);
    const fs::path pb = fs::weakly_canonical(fs::absolute(b, ec_b), ec_b);
    if (ec_a || ec_b) return a == b;
    return pa == pb;
}

std::optional<std::string> same_file_error(const std::vector<NamedFile>& files) {
    for (std::size_t j = 1; j < files.size(); ++j) {
        if (files[j].path->empty()) continue;
        for (std::size_t i = 0; i < j; ++i) {
            if (files[i].path->empty() || !same_file(*files[i].path, *files[j].path)) continue;
            const NamedFile& written = files[j].input ? files[i] : files[j];
            const NamedFile& other = files[j].input ? files[j] : files[i];
            const std::string as = *other.path == *written.path ? "" : " (as '" + *other.path + "')";
            if (other.input)
                return written.option + ": '" + *written.path + "' is the file " + other.option + " reads" + as +
                       "; writing it would destroy it; use another name";
            return written.option + ": '" + *written.path + "' is already the file for " + other.option + as +
                   "; use another name";
        }
    }
    return std::nullopt;
}

std::optional<std::string> picture_name_error(std::string_view option, const std::string& file) {
    const bool svg_name = ends_with(file, ".svg");
    if (option == "svg" && !svg_name)
        return "--svg: '" + file + "' does not end in .svg; the name's ending chooses the format (--png for PNG)";
    if (option == "png" && svg_name)
        return "--png: '" + file + "' ends in .svg; the name's ending chooses the format (--svg for SVG)";
    return std::nullopt;
}

bool is_standard_output(std::string_view path) { return path == "-"; }

std::optional<std::string> output_path_error(std::string_view option, const std::string& path, bool text) {
    const std::string name = "--" + std::string(option);
    if (is_standard_output(path)) {
        if (text) return std::nullopt;
        return name + ": '-' (standard output) takes text, not this file; give a file name";
    }
    if (auto err = check_output_path(path)) return name + ": " + *err;
    return std::nullopt;
}

std::optional<std::string> standard_output_error(const std::vector<NamedFile>& outputs, bool json) {
    const NamedFile* first = nullptr;
    for (const NamedFile& f : outputs) {
        if (!is_standard_output(*f.path)) continue;
        if (first)
            return f.option + ": '-' (standard output) is already " + first->option + "'s; give one of them a file";
        first = &f;
    }
    if (first && json)
        return first->option + ": '-' (standard output) would mix it with --json's object; give " + first->option +
               " a file, or leave out --json";
    return std::nullopt;
}

}  // namespace inflight::cli
