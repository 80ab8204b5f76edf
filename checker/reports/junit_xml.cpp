#include "checker/reports/junit_xml.hpp"

#include <cstdio>
#include <pugixml.hpp>
#include <sstream>

#include "checker/formats/xml_text.hpp"

namespace trivcheck {

namespace {

/// Seconds with microseconds, as JUnit readers print them.
std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", seconds);
    return text;
}

}  // namespace

std::string junit_xml(const std::string& suite, const std::vector<JunitCase>& cases) {
    pugi::xml_document document;
    pugi::xml_node root = document.append_child("testsuites");
    pugi::xml_node tests = root.append_child("testsuite");
    tests.append_attribute("name") = xml_text(suite).c_str();
    int failures = 0, errors = 0, skipped = 0;
    double seconds = 0;
    for (const JunitCase& test : cases) {
        pugi::xml_node node = tests.append_child("testcase");
        node.append_attribute("classname") = xml_text(test.class_name).c_str();
        node.append_attribute("name") = xml_text(test.name).c_str();
        node.append_attribute("time") = seconds_text(test.seconds).c_str();
        seconds += test.seconds;
        const char* element = nullptr;
        switch (test.outcome) {
            case JunitCase::Outcome::passed:
                break;
            case JunitCase::Outcome::failed:
                element = "failure";
                ++failures;
                break;
            case JunitCase::Outcome::error:
                element = "error";
                ++errors;
                break;
            case JunitCase::Outcome::skipped:
                element = "skipped";
                ++skipped;
                break;
        }
        if (!element) continue;
        pugi::xml_node detail = node.append_child(element);
        detail.append_attribute("message") = xml_text(test.message).c_str();
        if (!test.type.empty()) detail.append_attribute("type") = xml_text(test.type).c_str();
    }
    for (pugi::xml_node node : {root, tests}) {
        node.append_attribute("tests") = static_cast<int>(cases.size());
        node.append_attribute("failures") = failures;
        node.append_attribute("errors") = errors;
        node.append_attribute("skipped") = skipped;
        node.append_attribute("time") = seconds_text(seconds).c_str();
    }
    std::ostringstream out;
    document.save(out, "  ");
    return out.str();
}

}  // namespace trivcheck
