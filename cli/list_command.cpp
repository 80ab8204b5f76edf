#include <iostream>
#include <nlohmann/json.hpp>

#include "checker/formats/json_text.hpp"
#include "checker/formats/text_table.hpp"
#include "cli/command.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

namespace {

std::string forms_of(const AlgorithmInfo& info) {
    std::string text;
    for (Form form : info.forms) text += std::string(text.empty() ? "" : ",") + to_string(form);
    return text;
}

void print_list(bool json) {
    if (json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const AlgorithmInfo& info : algorithm_catalogue())
            list.push_back({{"name", info.name},
                            {"forms", forms_of(info)},
                            {"topologies", info.topologies},
                            {"summary", info.summary},
                            {"options", info.options}});
        std::cout << json_text(list, 2) << "\n";
        return;
    }
    std::cout << "algorithm            forms  topologies  summary\n";
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        // Fixed widths under the header line above, at least one space after each value.
        std::cout << pad_right(info.name + " ", 21) << pad_right(forms_of(info), 7)
                  << pad_right(info.topologies + " ", 12) << info.summary << "\n";
    }
    std::cout << "\n";
    for (const AlgorithmInfo& info : algorithm_catalogue())
        if (!info.options.empty())
            std::cout << "options of " << info.name << ": " << info.options << "\n";
    std::cout << "forms: L = latency-optimal (whole vector every step), B = bandwidth-optimal "
                 "(reduce-scatter + all-gather)\n"
                 "topologies: ring:N and torus:AxB[xC[xD]] (generated and in schedule files), "
                 "graph (in schedule files)\n";
}

}  // namespace

void register_list_command(CLI::App& app, CommandResult& result) {
    auto json = std::make_shared<bool>(false);
    CLI::App* command =
        app.add_subcommand("list", "List the generators, their forms and topologies.");
    command->add_flag("--json", *json, "Print as JSON");
    command->callback([json, &result] {
        print_list(*json);
        result.exit_code = 0;
    });
}

}  // namespace trivcheck::cli
