(* nx-dtype: the facts table of every dtype. *)

open Nx_array

let kind_name : type v. v Dtype.kind -> string = function
  | Dtype.Float -> "float" | Complex -> "complex" | Signed -> "signed"
  | Unsigned -> "unsigned" | Boolean -> "boolean"

let value dt x = Format.asprintf "%a" (Dtype.pp_value dt) x

let row (Dtype.Any dt) =
  let dash = "-" in
  let float_facts (type s) (dt : (float, s) Dtype.t) =
    let f = Dtype.float_format dt in
    [ string_of_int f.exponent_bits; string_of_int f.fraction_bits;
      value dt f.epsilon; value dt f.min_normal; value dt f.max_finite ]
  in
  let facts =
    match dt with
    | Dtype.Float64 -> float_facts dt | Float32 -> float_facts dt
    | Float16 -> float_facts dt | Bfloat16 -> float_facts dt
    | Float8_e4m3fn -> float_facts dt | Float8_e5m2 -> float_facts dt
    | Float4_e2m1fn -> float_facts dt
    | _ -> [ dash; dash; dash; dash; dash ]
  in
  let range =
    if Dtype.is Dtype.Complex dt then [ dash; dash ]
    else [ value dt (Dtype.min_value dt); value dt (Dtype.max_value dt) ]
  in
  [ string_of_int (Dtype.code dt); Dtype.name dt; string_of_int (Dtype.bits dt);
    kind_name (Dtype.kind dt) ] @ facts @ range

let header =
  [ "code"; "name"; "bits"; "kind"; "exp"; "frac"; "epsilon"; "min_normal";
    "max_finite"; "min"; "max" ]

(* Prints rows as aligned columns, [numeric] ones right-aligned. *)
(* The width of a cell: its characters, not its bytes (a UTF-8 name). *)
let width c =
  if String.is_valid_utf_8 c then
    let rec go i n = if i >= String.length c then n else go (i + Uchar.utf_decode_length (String.get_utf_8_uchar c i)) (n + 1) in
    go 0 0
  else String.length c

let print_table ~numeric rows =
  let widths =
    List.fold_left (fun ws r -> List.map2 (fun w c -> max w (width c)) ws r)
      (List.map (fun _ -> 0) (List.hd rows)) rows
  in
  List.iter
    (fun r ->
      let cells =
        List.map2
          (fun (w, num) c ->
            let pad = String.make (max 0 (w - width c)) ' ' in
            if num then pad ^ c else c ^ pad)
          (List.combine widths numeric) r
      in
      (* No spaces after a last cell aligned left. *)
      let line = String.concat "  " cells in
      let rec last i = if i > 0 && line.[i - 1] = ' ' then last (i - 1) else i in
      print_endline (String.sub line 0 (last (String.length line))))
    rows

let run () =
  print_table
    ~numeric:[ true; false; true; false; true; true; true; true; true; true; true ]
    (header :: List.map row Dtype.all)
