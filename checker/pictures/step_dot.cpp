#include "checker/pictures/step_dot.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <sstream>
#include <stdexcept>

#include "checker/core/block_list_text.hpp"

namespace trivcheck {

namespace {

struct RankNode {
    bool marked = false;
};

struct MessageEdge {
    std::string label;
    bool marked = false;
    bool copy = false;
};

using StepGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, RankNode, MessageEdge>;

class NodeWriter {
  public:
    explicit NodeWriter(const StepGraph& graph) : graph_(graph) {}
    void operator()(std::ostream& out, StepGraph::vertex_descriptor node) const {
        out << "[label=\"" << node << "\"" << (graph_[node].marked ? ", color=red, penwidth=3" : "")
            << "]";
    }

  private:
    const StepGraph& graph_;
};

class EdgeWriter {
  public:
    explicit EdgeWriter(const StepGraph& graph) : graph_(graph) {}
    void operator()(std::ostream& out, StepGraph::edge_descriptor edge) const {
        const MessageEdge& message = graph_[edge];
        out << "[label=\"" << message.label << "\", color="
            << (message.marked ? "red, penwidth=2.5"
                : message.copy ? "seagreen"
                               : "steelblue")
            << "]";
    }

  private:
    const StepGraph& graph_;
};

class GraphWriter {
  public:
    explicit GraphWriter(std::string title) : title_(std::move(title)) {}
    void operator()(std::ostream& out) const {
        out << "layout=circo;\nlabel=\"" << title_ << "\";\nnode [shape=circle];\n";
    }

  private:
    std::string title_;
};

// GCC 12 wrongly reports Boost's adjacency_list edge iterator (a boost::optional
// inside) as maybe uninitialised when write_graphviz is inlined; the code is fine.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
void write_dot(std::ostream& out, const StepGraph& graph, const std::string& title) {
    boost::write_graphviz(out, graph, NodeWriter(graph), EdgeWriter(graph), GraphWriter(title));
}
#pragma GCC diagnostic pop

}  // namespace

std::string step_dot(const Schedule& schedule, int step, const Violation* highlight) {
    if (step < 0 || step >= static_cast<int>(schedule.steps.size()))
        throw std::invalid_argument("step " + std::to_string(step) + " is not in 0.." +
                                    std::to_string(schedule.steps.size() - 1));
    const Step& drawn = schedule.steps[static_cast<std::size_t>(step)];
    StepGraph graph(static_cast<std::size_t>(schedule.ranks));
    if (highlight && highlight->rank >= 0)
        graph[static_cast<std::size_t>(highlight->rank)].marked = true;
    // The violation's transfers of this step, by index, are drawn in red.
    std::vector<int> marked;
    if (highlight) {
        for (const Hop& hop : highlight->transfers)
            if (hop.step == step) marked.push_back(hop.index);
        for (const Path& path : highlight->paths)
            for (const Hop& hop : path)
                if (hop.step == step) marked.push_back(hop.index);
    }
    for (std::size_t i = 0; i < drawn.transfers.size(); ++i) {
        const Transfer& transfer = drawn.transfers[i];
        MessageEdge edge;
        edge.copy = transfer.op == Op::copy;
        edge.marked = std::find(marked.begin(), marked.end(), static_cast<int>(i)) != marked.end();
        edge.label = format_block_list(transfer.blocks.sorted()) + (edge.copy ? " copy" : "");
        boost::add_edge(static_cast<std::size_t>(transfer.src),
                        static_cast<std::size_t>(transfer.dst), edge, graph);
    }
    std::ostringstream out;
    write_dot(out, graph,
              schedule.name + " step " + std::to_string(step) + " (" + drawn.phase + ")");
    return out.str();
}

}  // namespace trivcheck
