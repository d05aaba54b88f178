/* What nx-dtype does when a file it has mapped changes under it: a read
   past the new end of a mapped file raises SIGBUS, which would kill the
   program with no word and leave its temporary files. The handler
   removes the registered temporary files, says which input changed and
   exits with 2. Everything it does is async-signal-safe (unlink, write,
   _exit); the tables are written by the program's one OCaml thread
   before and after, never during, a handler's run. */

#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <caml/mlvalues.h>

#define NX_FAULT_SLOTS 64

static char *volatile nx_fault_temps[NX_FAULT_SLOTS];
static char *volatile nx_fault_inputs[NX_FAULT_SLOTS];

static void nx_fault_say(const char *s) {
  size_t n = strlen(s);
  while (n > 0) {
    ssize_t w = write(2, s, n);
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

static void nx_fault_on_bus(int sig) {
  (void)sig;
  int named = 0, writing = 0;
  for (int i = 0; i < NX_FAULT_SLOTS; i++)
    if (nx_fault_temps[i] != NULL) {
      unlink(nx_fault_temps[i]);
      writing = 1;
    }
  nx_fault_say("nx-dtype: ");
  for (int i = 0; i < NX_FAULT_SLOTS; i++)
    if (nx_fault_inputs[i] != NULL) {
      if (named) nx_fault_say(" or ");
      nx_fault_say(nx_fault_inputs[i]);
      named = 1;
    }
  if (!named) nx_fault_say("an input file");
  nx_fault_say(" changed while it was read (it became shorter than when it was "
               "opened)");
  /* Said by a command that was writing (inspect writes nothing). */
  nx_fault_say(writing ? "; no output was written\n" : "\n");
  _exit(2);
}

/* [s] copied into a free slot of [table]; nothing if the table is full
   or memory short (that file is then not named, or not removed, by the
   handler). */
static void nx_fault_add(char *volatile *table, value s) {
  for (int i = 0; i < NX_FAULT_SLOTS; i++)
    if (table[i] == NULL) {
      char *c = strdup(String_val(s));
      if (c != NULL) table[i] = c;
      return;
    }
}

/* The slots of [table] that hold [s], emptied. */
static void nx_fault_remove(char *volatile *table, value s) {
  for (int i = 0; i < NX_FAULT_SLOTS; i++)
    if (table[i] != NULL && strcmp(table[i], String_val(s)) == 0) {
      char *c = table[i];
      table[i] = NULL;
      free(c);
    }
}

value nx_cli_fault_watch(value unit) {
  (void)unit;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = nx_fault_on_bus;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, NULL);
  return Val_unit;
}

value nx_cli_fault_add_temp(value path) {
  nx_fault_add(nx_fault_temps, path);
  return Val_unit;
}
value nx_cli_fault_remove_temp(value path) {
  nx_fault_remove(nx_fault_temps, path);
  return Val_unit;
}
value nx_cli_fault_add_input(value path) {
  nx_fault_add(nx_fault_inputs, path);
  return Val_unit;
}
