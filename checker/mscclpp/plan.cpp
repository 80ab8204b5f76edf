#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

const char* buffer_letter(BufferKind buffer) {
    switch (buffer) {
        case BufferKind::input:
            return "i";
        case BufferKind::output:
            return "o";
        case BufferKind::scratch:
            return "s";
    }
    return "?";
}

const char* channel_name(ChannelKind channel) {
    switch (channel) {
        case ChannelKind::memory:
            return "memory";
        case ChannelKind::port:
            return "port";
        case ChannelKind::switch_channel:
            return "switch";
        case ChannelKind::none:
            return "none";
    }
    return "?";
}

int Plan::chunks(int gpu, BufferKind buffer) const {
    const Gpu& of = gpus[static_cast<std::size_t>(gpu)];
    switch (buffer) {
        case BufferKind::input:
            return of.input_chunks;
        case BufferKind::output:
            return of.output_chunks;
        case BufferKind::scratch:
            return of.scratch_chunks;
    }
    return 0;
}

}  // namespace trivcheck::mscclpp
