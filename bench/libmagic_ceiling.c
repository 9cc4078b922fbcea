/* The old ceiling for `share-route batch` on this machine (until share-route asked libmagic only
 * with the rules that can match a file): libmagic alone, one cookie per thread,
 * over the same file list, doing only what libmagic must (open, read up to 64 KiB, close,
 * magic_buffer with MAGIC_MIME_TYPE | MAGIC_ERROR, as share-route does). No routing, no JSON,
 * no refinement, no output. bench/run.sh times it beside `file -f` and share-route.
 *
 *   cc -O2 -o libmagic_ceiling bench/libmagic_ceiling.c -lmagic -lpthread
 *   ./libmagic_ceiling THREADS LIST     (LIST: one path per line)
 */
#include <fcntl.h>
#include <magic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILES 1000000
#define MAX_THREADS 64

static char **paths;
static long count;
static long threads;
static long next_file; /* the next file to take, shared by the threads */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg) {
  (void)arg;
  /* Cookies are created and loaded one at a time (libmagic's loader is not thread-safe). */
  pthread_mutex_lock(&load_lock);
  magic_t cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR);
  int loaded = cookie != NULL && magic_load(cookie, NULL) == 0;
  pthread_mutex_unlock(&load_lock);
  if (!loaded) {
    fprintf(stderr, "libmagic_ceiling: cannot load the magic database\n");
    exit(1);
  }
  char *buffer = malloc(65536);
  long answered = 0;
  /* Each thread takes the next file when it is free, as share-route's workers do. */
  for (long index; (index = __atomic_fetch_add(&next_file, 1, __ATOMIC_RELAXED)) < count;) {
    int fd = open(paths[index], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t length = read(fd, buffer, 65536);
    close(fd);
    if (length > 0 && magic_buffer(cookie, buffer, (size_t)length) != NULL) answered++;
  }
  free(buffer);
  magic_close(cookie);
  return (void *)answered;
}

int main(int argc, char **argv) {
  if (argc != 3 || (threads = atol(argv[1])) < 1 || threads > MAX_THREADS) {
    fprintf(stderr, "usage: libmagic_ceiling THREADS(1-%d) LIST\n", MAX_THREADS);
    return 64;
  }
  FILE *list = fopen(argv[2], "r");
  if (list == NULL) {
    perror(argv[2]);
    return 66;
  }
  paths = malloc(sizeof(char *) * MAX_FILES);
  char line[4096];
  while (count < MAX_FILES && fgets(line, sizeof line, list) != NULL) {
    line[strcspn(line, "\n")] = '\0';
    paths[count++] = strdup(line);
  }
  fclose(list);
  pthread_t workers[MAX_THREADS];
  for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
  long answered = 0;
  for (long t = 0; t < threads; t++) {
    void *result;
    pthread_join(workers[t], &result);
    answered += (long)result;
  }
  fprintf(stderr, "libmagic_ceiling: %ld of %ld files answered\n", answered, count);
  return answered == count ? 0 : 1;
}
