(* Assertions that count, for the test executables. *)

let passed = ref 0
let failed = ref 0

let check ok fmt =
  if ok then (incr passed; Printf.ikfprintf (fun () -> ()) () fmt)
  else
    Printf.ksprintf
      (fun msg ->
        incr failed;
        if !failed <= 40 then prerr_endline ("FAIL " ^ msg)
        else if !failed = 41 then prerr_endline "FAIL (more failures not shown)")
      fmt

(* [eq ~pp what want got] checks that [got] is [want] ([equal], by
   default [( = )]); a failure prints both, with [pp], as ptime's
   [Testing.eq] does. *)
let eq ?(equal = ( = )) ~pp what want got =
  if equal want got then check true "%s" what
  else
    check false "%s: got %s, expected %s" what (Format.asprintf "%a" pp got)
      (Format.asprintf "%a" pp want)

(* Printers for [eq]: floats in hexadecimal, exactly. *)
let pp_hex ppf x = Format.fprintf ppf "%h" x

let raises_invalid_arg ~name f =
  match f () with
  | _ -> check false "%s: no Invalid_argument" name
  | exception Invalid_argument msg -> check (msg <> "") "%s: empty message" name
  | exception e -> check false "%s: raised %s" name (Printexc.to_string e)

let bits = Int64.bits_of_float
let same_float a b = Int64.equal (bits a) (bits b)

(* A decoder written here, apart from the library's: the value of the
   encoding [enc] of a format of [e] exponent and [f] fraction bits. *)
let decode ~e ~f ~specials enc =
  let sign = if enc land (1 lsl (e + f)) <> 0 then -1. else 1. in
  let field = (enc lsr f) land ((1 lsl e) - 1) in
  let frac = enc land ((1 lsl f) - 1) in
  let bias = (1 lsl (e - 1)) - 1 in
  let top = (1 lsl e) - 1 in
  let nan () =
    let s = if sign < 0. then Int64.min_int else 0L in
    Int64.float_of_bits
      (Int64.logor s
         (Int64.logor 0x7ff0000000000000L
            (Int64.shift_left (Int64.of_int frac) (52 - f))))
  in
  match specials with
  | `Ieee when field = top -> if frac = 0 then sign *. infinity else nan ()
  | `Fn when field = top && frac = (1 lsl f) - 1 -> nan ()
  | _ ->
      if field = 0 then sign *. Float.ldexp (float frac) (1 - bias - f)
      else sign *. Float.ldexp (float (frac + (1 lsl f))) (field - bias - f)

let finish name =
  Printf.printf "%s: %d passed, %d failed\n%!" name !passed !failed;
  exit (if !failed = 0 then 0 else 1)
