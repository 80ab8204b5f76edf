#include "checker/pictures/svg_document.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace trivcheck {

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return lines;
}

std::string svg_number(double value) {
    char text[32];
    const double rounded = std::round(value * 10) / 10;
    std::snprintf(text, sizeof text, "%.1f", rounded == 0 ? 0.0 : rounded);
    return text;
}

std::string svg_escape(const std::string& text) {
    std::string escaped;
    for (char c : text) {
        switch (c) {
            case '&':
                escaped += "&amp;";
                break;
            case '<':
                escaped += "&lt;";
                break;
            case '>':
                escaped += "&gt;";
                break;
            case '"':
                escaped += "&quot;";
                break;
            default:
                escaped += c;
        }
    }
    return escaped;
}

std::string load_colour(double fraction) {
    if (fraction <= 0) return "#e6e6e6";
    fraction = std::min(fraction, 1.0);
    // Amber (#f2b134) at the lightest load, deep red (#b2182b) at the heaviest.
    const double from[3] = {0xf2, 0xb1, 0x34};
    const double to[3] = {0xb2, 0x18, 0x2b};
    char text[8];
    int channel[3];
    for (int i = 0; i < 3; ++i)
        channel[i] = static_cast<int>(std::lround(from[i] + (to[i] - from[i]) * fraction));
    std::snprintf(text, sizeof text, "#%02x%02x%02x", channel[0], channel[1], channel[2]);
    return text;
}

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {}

void SvgDocument::circle(double x, double y, double radius, const std::string& fill,
                         const std::string& stroke, double stroke_width) {
    body_ << "  <circle cx=\"" << svg_number(x) << "\" cy=\"" << svg_number(y) << "\" r=\""
          << svg_number(radius) << "\" fill=\"" << fill << "\" stroke=\"" << stroke
          << "\" stroke-width=\"" << svg_number(stroke_width) << "\"/>\n";
}

void SvgDocument::rect(double x, double y, double width, double height, const std::string& fill,
                       const std::string& stroke, double stroke_width) {
    body_ << "  <rect x=\"" << svg_number(x) << "\" y=\"" << svg_number(y) << "\" width=\""
          << svg_number(width) << "\" height=\"" << svg_number(height) << "\" fill=\"" << fill
          << "\" stroke=\"" << stroke << "\" stroke-width=\"" << svg_number(stroke_width)
          << "\"/>\n";
}

void SvgDocument::text(double x, double y, const std::string& content, double size,
                       const std::string& anchor, const std::string& fill) {
    body_ << "  <text x=\"" << svg_number(x) << "\" y=\"" << svg_number(y) << "\" font-size=\""
          << svg_number(size) << "\" text-anchor=\"" << anchor << "\" fill=\"" << fill << "\">"
          << svg_escape(content) << "</text>\n";
}

void SvgDocument::path(const std::string& commands, const std::string& stroke, double stroke_width,
                       const std::string& extra) {
    body_ << "  <path d=\"" << commands << "\" fill=\"none\" stroke=\"" << stroke
          << "\" stroke-width=\"" << svg_number(stroke_width) << "\""
          << (extra.empty() ? "" : " " + extra) << "/>\n";
}

void SvgDocument::arrow_marker(const std::string& id, const std::string& colour) {
    defs_ << "    <marker id=\"" << id
          << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
             "markerHeight=\"6\" orient=\"auto-start-reverse\">\n"
          << "      <path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"" << colour << "\"/>\n"
          << "    </marker>\n";
}

void SvgDocument::comment(const std::string& content) {
    body_ << "  <!-- " << svg_escape(content) << " -->\n";
}

std::string SvgDocument::finish() {
    std::ostringstream out;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << svg_number(width_)
        << "\" height=\"" << svg_number(height_) << "\" viewBox=\"0 0 " << svg_number(width_) << " "
        << svg_number(height_) << "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
    const std::string defs = defs_.str();
    if (!defs.empty()) out << "  <defs>\n" << defs << "  </defs>\n";
    out << "  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" << body_.str() << "</svg>\n";
    return out.str();
}

}  // namespace trivcheck
