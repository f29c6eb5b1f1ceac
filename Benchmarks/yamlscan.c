/* The floor of `make bench`: reads a file into memory, as whatsnew does, and runs libyaml's event parser
 * over it without building anything. Prints the number of events; exits 1 on a libyaml error.
 *
 *     cc -O2 -o .build-bench/yamlscan Benchmarks/yamlscan.c $(pkg-config --cflags --libs yaml-0.1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    size_t capacity = 1 << 16, used = 0;
    unsigned char *bytes = malloc(capacity);
    size_t count;
    while (bytes && (count = fread(bytes + used, 1, capacity - used, file)) > 0) {
        used += count;
        if (used == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    fclose(file);
    *length = used;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: yamlscan FILE\n");
        return 64;
    }
    size_t length = 0;
    unsigned char *bytes = read_file(argv[1], &length);
    if (!bytes) {
        perror(argv[1]);
        return 74;
    }
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, bytes, length);
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    unsigned long events = 0;
    int done = 0;
    while (!done) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%lu:%lu: %s\n", argv[1], (unsigned long)parser.problem_mark.line + 1,
                    (unsigned long)parser.problem_mark.column + 1, parser.problem ? parser.problem : "libyaml error");
            yaml_parser_delete(&parser);
            free(bytes);
            return 1;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        events++;
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    free(bytes);
    printf("%lu events\n", events);
    return 0;
}
