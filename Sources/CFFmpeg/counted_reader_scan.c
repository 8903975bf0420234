// What a counted reader reads (a document or media, from its first bytes) and what a
// document names (variants, renditions, representations), as the bytes stream past.
#include "counted_reader.h"
#include <string.h>

int cffmpeg_classify_head(const unsigned char *head, int length, int blanks, int at_end) {
    if (blanks > 64) return CFFMPEG_READ_DOCUMENT;
    static const char *const documents[] = { "#EXTM3U", "<", "WEBVTT", "[Script Info]" };
    int undecided = 0;
    for (size_t i = 0; i < sizeof documents / sizeof documents[0]; i++) {
        size_t want = strlen(documents[i]);
        size_t have = (size_t)length < want ? (size_t)length : want;
        if (memcmp(head, documents[i], have) != 0) continue;
        if (have == want) return CFFMPEG_READ_DOCUMENT;
        undecided = 1;
    }
    if (length == 0 || (undecided && !at_end)) return at_end ? CFFMPEG_READ_MEDIA : CFFMPEG_READ_UNDECIDED;
    return CFFMPEG_READ_MEDIA;
}

void cffmpeg_counted_reader_look(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count,
                                 int at_end) {
    for (int i = 0; i < count && reader->kind == CFFMPEG_READ_UNDECIDED; i++) {
        unsigned char c = bytes[i];
        if (reader->head_length == 0) {
            // A byte order mark (EF BB BF) is skipped as blanks are, a byte at a time.
            int in_mark = (reader->blanks < 3 && c == "\xEF\xBB\xBF"[reader->blanks] && reader->blanks == (int)(reader->bytes + i));
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || in_mark) {
                reader->blanks++;
                if (reader->blanks > 64) reader->kind = CFFMPEG_READ_DOCUMENT;
                continue;
            }
        }
        if (reader->head_length < (int)sizeof reader->head) reader->head[reader->head_length++] = c;
        reader->kind = cffmpeg_classify_head(reader->head, reader->head_length, reader->blanks, 0);
    }
    if (reader->kind == CFFMPEG_READ_UNDECIDED && at_end)
        reader->kind = cffmpeg_classify_head(reader->head, reader->head_length, reader->blanks, 1);
}

int cffmpeg_counted_reader_scan(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count) {
    static const char tag[] = "<Representation";
    const int tag_length = (int)sizeof tag - 1;
    cffmpeg_document_bounds *bounds = reader->bounds;
    for (int i = 0; i < count; i++) {
        unsigned char c = bytes[i];
        int named = 0;
        if (c == (unsigned char)tag[reader->tag_matched]) {
            if (++reader->tag_matched == tag_length) { named = 1; reader->tag_matched = 0; }
        } else {
            reader->tag_matched = c == '<' ? 1 : 0;
        }
        if (c == '\n' || c == '\r') {
            reader->line_length = 0;
        } else if (reader->line_length >= 0 && reader->line_length < (int)sizeof reader->line) {
            reader->line[reader->line_length++] = c;
            if (reader->line_length == 18 && memcmp(reader->line, "#EXT-X-STREAM-INF:", 18) == 0) named = 1;
            if (reader->line_length == 13 && memcmp(reader->line, "#EXT-X-MEDIA:", 13) == 0) named = 1;
        } else {
            reader->line_length = -1;  // past the part that tells; until the next line
        }
        if (!named) continue;
        if (reader->nested) return CFFMPEG_DOCUMENT_NESTED_MASTER;
        if (++bounds->names > bounds->max_names) return CFFMPEG_DOCUMENT_NAMES;
    }
    return 0;
}
