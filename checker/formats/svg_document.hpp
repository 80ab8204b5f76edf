#pragma once
#include <sstream>
#include <string>

namespace trivcheck {

/// A minimal SVG writer for the project's pictures: no dependency, and
/// deterministic text (coordinates with one decimal), so pictures can be
/// golden files.
class SvgDocument {
  public:
    SvgDocument(double width, double height);

    void circle(double x, double y, double radius, const std::string& fill,
                const std::string& stroke, double stroke_width);
    void rect(double x, double y, double width, double height, const std::string& fill,
              const std::string& stroke = "none", double stroke_width = 1);
    /// `anchor`: start, middle or end; `size` in px.
    void text(double x, double y, const std::string& content, double size,
              const std::string& anchor = "middle", const std::string& fill = "#222");
    /// A path with the given `d` commands; `extra` is added verbatim
    /// (e.g. marker-end="url(#arrow)").
    void path(const std::string& commands, const std::string& stroke, double stroke_width,
              const std::string& extra = "");
    /// An arrowhead marker, referenced as url(#id), in the given colour.
    void arrow_marker(const std::string& id, const std::string& colour);
    /// <title> tooltip text for the next element a viewer hovers.
    void comment(const std::string& content);

    /// The finished document.
    std::string finish();

  private:
    std::ostringstream body_;
    std::ostringstream defs_;
    double width_;
    double height_;
};

/// "12.5": one decimal, no exponent, "-0.0" written as "0.0".
std::string svg_number(double value);
/// Text safe inside an element or attribute.
std::string svg_escape(const std::string& text);
/// A colour from pale grey (0) through amber to deep red (1) for a load
/// fraction in [0, 1]; exactly "#e6e6e6" for 0.
std::string load_colour(double fraction);

}  // namespace trivcheck
