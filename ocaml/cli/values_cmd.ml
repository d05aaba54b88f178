(* nx-dtype values DTYPE: every encoding of a format of at most 16 bits,
   with its bits and its value: the shortest decimal and the exact one. *)

open Nx_array

(* The exact decimal of a finite double: glibc's printf gives all digits. *)
let exact_decimal x =
  if not (Float.is_finite x) then Format.asprintf "%a" (Dtype.pp_value Dtype.Float64) x
  else
    let s = Printf.sprintf "%.1100f" x in
    let n = ref (String.length s) in
    while !n > 0 && s.[!n - 1] = '0' do decr n done;
    if !n > 0 && s.[!n - 1] = '.' then decr n;
    String.sub s 0 !n

let run name =
  let (Dtype.Any dt) = Cli_error.dtype_of_name name in
  let bits = Dtype.bits dt in
  if bits > 16 then
    Cli_error.fail "%s has %d-bit encodings: values lists formats of at most 16 bits"
      (Dtype.name dt) bits;
  let a = Nx_array.create dt [| 1 |] in
  let digits = (bits + 3) / 4 in
  let rows =
    List.init (1 lsl bits) (fun e ->
        Nx_array.set_bits a [| 0 |] (Int64.of_int e);
        let v = Nx_array.get a [| 0 |] in
        let shortest = Format.asprintf "%a" (Dtype.pp_value dt) v in
        let exact =
          match Dtype.kind dt with
          | Dtype.Float -> exact_decimal v
          | _ -> shortest
        in
        [ Printf.sprintf "0x%0*x" digits e; shortest; exact ])
  in
  Facts_cmd.print_table ~numeric:[ false; true; true ]
    ([ "bits"; "value"; "exact" ] :: rows)
