(* Properties, from a seeded generator: random dtypes, shapes and encodings.
   - Where [Dtype.exact a b], a cast from a into b and back gives the
     same values (a NaN may come back with another payload).
   - Through such a b, a cast into any c gives what the direct cast gives.
   - Moves (casts to the same dtype, byte-order round trips) keep every
     encoding. *)

open Nx_array
open Check

let rng = Random.State.make [| 7; 11; 2026 |]

let random_array (type v s) (dt : (v, s) Dtype.t) dims =
  let n = Array.fold_left ( * ) 1 dims in
  of_string dt dims (String.init (Dtype.bytes dt n) (fun _ -> Char.chr (Random.State.int rng 256)))

(* Two arrays hold the same values: as float64 (complex: both parts), NaN
   equal to NaN whatever its bits. *)
let same_values : type v s w r. (v, s) t -> (w, r) t -> bool = fun a b ->
  let parts x = (cast Dtype.Complex128 x) in
  let pa = to_array (parts a) and pb = to_array (parts b) in
  let eq x y = (Float.is_nan x && Float.is_nan y) || Int64.equal (Int64.bits_of_float x) (Int64.bits_of_float y) in
  Array.length pa = Array.length pb
  && Array.for_all2 (fun (x : Complex.t) (y : Complex.t) -> eq x.re y.re && eq x.im y.im) pa pb

let random_dims () =
  Array.init (Random.State.int rng 4) (fun _ -> Random.State.int rng 6)

let pick () = List.nth Dtype.all (Random.State.int rng (List.length Dtype.all))

let () =
  let trips = ref 0 and via = ref 0 in
  for _ = 1 to 3000 do
    let (Dtype.Any a) = pick () in
    let (Dtype.Any b) = pick () in
    let (Dtype.Any c) = pick () in
    let dims = random_dims () in
    let x = random_array a dims in
    let name = Printf.sprintf "%s -> %s" (Dtype.name a) (Dtype.name b) in
    check (equal (cast a x) x) "%s: a cast to itself moves" (Dtype.name a);
    check (equal (of_string ~byte_order:Big_endian a dims (to_string ~byte_order:Big_endian x)) x)
      "%s: big-endian round trip" (Dtype.name a);
    if Dtype.exact a b then begin
      incr trips;
      let y = cast b x in
      check (same_values (cast a y) x) "%s and back" name;
      incr via;
      check (same_values (cast c y) (cast c x)) "%s -> %s: through %s" (Dtype.name a)
        (Dtype.name c) (Dtype.name b)
    end
  done;
  check (!trips > 200) "enough exact pairs drawn (%d)" !trips;
  finish "test_props"
