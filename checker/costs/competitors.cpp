#include "checker/costs/competitors.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "checker/formats/comma_list.hpp"

namespace trivcheck {

GeneratorRequest Competitor::request(const Topology& topology) const {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = topology;
    request.last_step = last_step;
    return request;
}

bool Competitor::published_latency_flawed() const {
    const AlgorithmInfo* info = algorithm_named(algo);
    return info && info->published_latency_flawed && form == Form::L && last_step == "published";
}

const std::vector<Competitor>& all_competitors() {
    static const std::vector<Competitor> competitors = [] {
        std::vector<Competitor> list;
        for (const AlgorithmInfo& info : algorithm_catalogue()) {
            for (Form form : {Form::L, Form::B}) {
                if (std::find(info.forms.begin(), info.forms.end(), form) == info.forms.end())
                    continue;
                const std::string label = info.name + "-" + to_string(form);
                list.push_back({label, info.name, form});
                if (form == Form::L)
                    for (const std::string& variant : info.latency_variants)
                        list.push_back({label + "-" + variant, info.name, form, variant});
            }
        }
        return list;
    }();
    return competitors;
}

std::vector<Competitor> select_competitors(const std::string& text, bool paper_only) {
    const std::vector<std::string> items = comma_items(text);
    const std::set<std::string> wanted(items.begin(), items.end());
    std::string known = "all";
    for (const AlgorithmInfo& info : algorithm_catalogue()) known += ", " + info.name;
    for (const Competitor& competitor : all_competitors()) known += ", " + competitor.label;
    for (const std::string& name : wanted) {
        const bool found =
            name == "all" || std::any_of(all_competitors().begin(), all_competitors().end(),
                                         [&](const Competitor& competitor) {
                                             return competitor.algo == name ||
                                                    competitor.label == name;
                                         });
        if (!found)
            throw std::invalid_argument("--algo: unknown algorithm or schedule '" + name +
                                        "' (known: " + known + ")");
    }
    std::vector<Competitor> selected;
    for (const Competitor& competitor : all_competitors()) {
        // "all" is every algorithm; for the paper's formulas, the paper's only
        // (NCCL's, numbered over the whole communicator, docs/nccl.md, when named).
        const AlgorithmInfo* info = algorithm_named(competitor.algo);
        const bool in_all =
            wanted.count("all") && !(paper_only && info && info->whole_communicator);
        if (in_all || wanted.count(competitor.algo) || wanted.count(competitor.label))
            selected.push_back(competitor);
    }
    return selected;
}

}  // namespace trivcheck
