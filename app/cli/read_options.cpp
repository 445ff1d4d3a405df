// The one argument reader every subcommand uses (read_options.h).
#include "app/cli/read_options.h"

#include "app/cli/did_you_mean.h"

namespace inflight::cli {
namespace {

const Option* lookup(const Grammar& grammar, std::string_view name) {
    for (const Option* o : grammar.options)
        if (name == o->name) return o;
    return nullptr;
}

bool is_switch_word(std::string_view a) {
    for (std::string_view w : {"on", "off", "auto", "true", "false"})
        if (a == w) return true;
    return false;
}

ParseResult fail(std::string* error, std::string message) {
    *error = std::move(message);
    return ParseResult::Error;
}

}  // namespace

ParseResult read_options(const std::vector<std::string>& args, const Grammar& grammar,
                         const std::function<std::optional<std::string>(Given)>& on_option,
                         std::string* error) {
    const auto unknown = [&](const std::string& arg) {
        return fail(error, unknown_option(arg, grammar.suggest, grammar.command, grammar.where));
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h") return ParseResult::Help;
        if (!arg.starts_with("--")) {
            if (arg.starts_with("-") && arg.size() > 1) return unknown(arg);
            return fail(error, "unexpected argument '" + arg + "'; options start with -- (see inflight " +
                                   std::string(grammar.command) + " --help)");
        }
        const std::size_t eq = arg.find('=');
        const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        const Option* option = lookup(grammar, name);
        if (!option) return unknown(arg);
        if (option->kind == Kind::Refused) return fail(error, "--" + name + ": " + option->help);
        Given g{option, {}, eq != std::string::npos};
        if (g.has_value) g.value = arg.substr(eq + 1);
        if (takes_value(option->kind) && !g.has_value) {
            // The next argument is the value, even if it starts with '-'
            // ("--rtt -5ms" must say "negative"), unless it is an option.
            if (i + 1 >= args.size() || args[i + 1].starts_with("--"))
                return fail(error, grammar.missing_value(*option));
            g.value = args[++i];
            g.has_value = true;
        }
        // A switch may be given its value after a space ("--pacing off").
        if (option->kind == Kind::SwitchOn && !g.has_value && i + 1 < args.size() && is_switch_word(args[i + 1])) {
            g.value = args[++i];
            g.has_value = true;
        }
        if (!takes_value(option->kind) && g.has_value && option->kind != Kind::SwitchOn)
            return fail(error, "--" + name + ": takes no value, but was given '" + g.value + "'");
        if (option->kind == Kind::Help) return ParseResult::Help;
        if (auto err = on_option(std::move(g))) return fail(error, std::move(*err));
    }
    return ParseResult::Ok;
}

}  // namespace inflight::cli
