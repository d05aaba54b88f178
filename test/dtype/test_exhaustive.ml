(* Every encoding of every 4-, 8- and 16-bit float format: decoded here,
   of_float gives it back; its pp_value read back with float_of_string and
   stored again gives it back; and no decimal with fewer significant digits
   does. *)

open Nx_array
open Check

let text dt x = Format.asprintf "%a" (Dtype.pp_value dt) x

(* The number of significant digits of a decimal text. *)
let significant s =
  let mant = match String.index_opt s 'e' with Some i -> String.sub s 0 i | None -> s in
  let digits = String.concat "" (String.split_on_char '.' mant) in
  let digits = if digits.[0] = '-' then String.sub digits 1 (String.length digits - 1) else digits in
  let a = ref 0 and b = ref (String.length digits) in
  while !a < !b && digits.[!a] = '0' do incr a done;
  while !b > !a && digits.[!b - 1] = '0' do decr b done;
  (* Positional integers like 65500 end in zeros that do not count. *)
  !b - !a

(* Whether some decimal of [n] significant digits stores as [x]: the
   decimals of n digits nearest to x, in x's decade and the next ones. *)
let shorter_exists (type s) (dt : (float, s) Dtype.t) x n =
  (* Past the largest finite value, only the next half step counts (the
     exponent is unbounded above), not what a store saturates. *)
  let ff = Dtype.float_format dt in
  let top = Float.ldexp ff.epsilon (snd (Float.frexp ff.max_finite) - 1) in
  let limit = ff.max_finite +. (top /. 2.) in
  n >= 1
  && begin
    let e = Float.to_int (Float.floor (Float.log10 (Float.abs x))) in
    List.exists
      (fun e' ->
        let unit = e' - n + 1 in
        let d = Float.round (Float.abs x /. (10. ** float unit)) in
        List.exists
          (fun d ->
            (* d has exactly n digits. *)
            d >= 10. ** float (n - 1) && d < 10. ** float n && begin
              let s = Printf.sprintf "%s%.0fe%d" (if x < 0. then "-" else "") d unit in
              let y = float_of_string s in
              Float.abs y <= limit && same_float (Dtype.of_float dt y) x
            end)
          [ d -. 1.; d; d +. 1. ])
      [ e - 1; e; e + 1 ]
  end

let sweep (type s) (dt : (float, s) Dtype.t) ~e ~f ~specials =
  let name = Dtype.name dt in
  for enc = 0 to (1 lsl (1 + e + f)) - 1 do
    let x = decode ~e ~f ~specials enc in
    let y = Dtype.of_float dt x in
    if Float.is_nan x then begin
      (* A signalling NaN comes back quieted, keeping its payload. *)
      let quiet = Int64.logor (bits x) 0x0008000000000000L in
      check (Int64.equal (bits y) quiet) "%s %#x: NaN %Lx, expected %Lx" name enc (bits y) quiet;
      check (text dt x = "nan") "%s %#x: nan" name enc
    end else begin
      check (same_float x y) "%s %#x: of_float gives %h for %h" name enc y x;
      let t = text dt x in
      if Float.is_finite x then begin
        let back = Dtype.of_float dt (float_of_string t) in
        check (same_float back x) "%s %#x: %s reads back as %h, not %h" name enc t back x;
        if x <> 0. then
          check (not (shorter_exists dt x (significant t - 1)))
            "%s %#x: a decimal shorter than %s stores as %h" name enc t x
      end else check (t = if x > 0. then "inf" else "-inf") "%s %#x: %s" name enc t
    end
  done

let () =
  sweep Dtype.Float16 ~e:5 ~f:10 ~specials:`Ieee;
  sweep Dtype.Bfloat16 ~e:8 ~f:7 ~specials:`Ieee;
  sweep Dtype.Float8_e4m3fn ~e:4 ~f:3 ~specials:`Fn;
  sweep Dtype.Float8_e5m2 ~e:5 ~f:2 ~specials:`Ieee;
  sweep Dtype.Float4_e2m1fn ~e:2 ~f:1 ~specials:`None;
  finish "test_exhaustive"
