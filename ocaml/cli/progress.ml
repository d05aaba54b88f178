(* The progress line of a command that writes files from inputs of more
   than [threshold] bytes: "\rLABEL: PCT% (DONE of TOTAL MB)" on the
   standard error, printed again whenever the percentage changes, and a
   newline once the work ends or fails (so that a message starts a line
   of its own). convert, whose progress is the input's bytes read, and
   dequantize, whose is the output's bytes written, print it. *)

let threshold = 64 * 1024 * 1024

(* [line ~label ~show ~total] is a function to call with each count of
   bytes done, of [total], that prints the line if [show]; and whether a
   line was printed. *)
let line ~label ~show ~total =
  let seen = ref 0. and shown = ref (-1) in
  let progress n =
    seen := !seen +. n;
    let pct = if total = 0 then 100 else int_of_float (100. *. !seen /. float total) in
    if show && pct <> !shown then begin
      shown := pct;
      (* The progress line is a courtesy: a standard error that cannot be
         written (closed, full, a closed pipe) must not fail the work. Its
         buffer then goes to /dev/null, lest at_exit's flush fail. *)
      try
        (* Both sizes rounded the same way: 1074 of 1073 never shows. *)
        Printf.eprintf "\r%s: %3d%% (%.0f of %.0f MB)%!" label pct (!seen /. 1e6)
          (float total /. 1e6)
      with Sys_error _ -> Cli_error.discard stderr Unix.stderr
    end
  in
  (progress, fun () -> show && !shown >= 0)

(* Ends the line, if one was printed. *)
let newline started = if started () then try prerr_newline () with Sys_error _ -> ()
